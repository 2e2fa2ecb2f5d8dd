package fencecheck.properties;

import fencecheck.api.ModelConfig;
import fencecheck.check.HistoryShrinker;
import fencecheck.check.RealTimeVerdict;
import fencecheck.findings.FindingsShrinker;
import fencecheck.findings.Severity;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.report.ConsoleSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * The end of a real-time property whose tries failed: one representative of each kind of finding on each key (the
 * smallest failing part of a history that showed it) shrunk, most severe first, at most
 * {@value FindingsShrinker#MOST_KINDS_SHRUNK}, and the report a reader reads first: every finding with its shrunk
 * history as a table, the kinds beyond those shrunk, the seed and the command that re-runs it. An artefact of one
 * history no longer hides another finding of the same run.
 */
final class RealTimeFindingsReport {

    private RealTimeFindingsReport() {
    }

    /** Shrinks the groups {@link RealTimeRuns} holds, and keeps them there for the result file. */
    static void shrink(ModelConfig config, RealTimeSettings settings) {
        List<RealTimeRuns.Group> groups = RealTimeRuns.groups();
        int shrunkCount = Math.min(FindingsShrinker.MOST_KINDS_SHRUNK, groups.size());
        List<RealTimeRuns.Shrunk> shrunk = new ArrayList<>();
        for (RealTimeRuns.Group g : groups.subList(0, shrunkCount)) {
            shrunk.add(new RealTimeRuns.Shrunk(g, HistoryShrinker.shrink(g.smallest().history(),
                    h -> RealTimeVerdict.of(h, config, settings.maxStates()), settings.shrinkMillis())));
        }
        RealTimeRuns.finished(shrunk, groups.subList(shrunkCount, groups.size()));
    }

    /** The one line the build tool repeats: "2 findings (2 safety, 0 conformance) in 4 tries of X". */
    static String summary(String implementation, int tries) {
        List<Severity> kinds = new ArrayList<>();
        RealTimeRuns.saved().forEach(s -> kinds.add(s.group().kind().severity()));
        RealTimeRuns.notShrunk().forEach(g -> kinds.add(g.kind().severity()));
        return FindingsMessage.counted(kinds) + " in " + tries + (tries == 1 ? " try" : " tries") + " of " + implementation;
    }

    /**
     * @param property  the property, {@code Class.method}
     * @param rerunSeed the command that re-runs the property with its seed, or null without a seed
     */
    static String render(String property, String summary, String seed, String rerunSeed) {
        List<RealTimeRuns.Shrunk> saved = RealTimeRuns.saved();
        List<RealTimeRuns.Group> notShrunk = RealTimeRuns.notShrunk();
        List<String> lines = new ArrayList<>(ConsoleSummary.wrapped(property + ": " + summary
                + (saved.size() + notShrunk.size() > 1 ? ", safety first:" : ":")));
        for (int i = 0; i < saved.size(); i++) {
            RealTimeRuns.Group g = saved.get(i).group();
            HistoryShrinker.Shrunk shrunk = saved.get(i).shrunk();
            lines.addAll(ConsoleSummary.wrapped((i + 1) + ". " + g.kind().severity().title() + ": " + g.describe()));
            lines.add("   in " + g.tries() + (g.tries() == 1 ? " try" : " tries") + ", first at try " + g.firstTry() + "; shrunk from "
                    + g.smallest().history().operations().size() + " to " + shrunk.history().operations().size() + " operations in "
                    + shrunk.checks() + " checks" + (shrunk.outOfTime() ? ", cut short by its time bound" : ""));
            String verdict = shrunk.verdict().sentence().lines().findFirst().orElse("");
            ConsoleSummary.wrapped(verdict, ConsoleSummary.WIDTH - 3).forEach(l -> lines.add("   " + l));
            RealTimeChecks.table(shrunk).lines().forEach(lines::add);
        }
        if (!notShrunk.isEmpty()) {
            lines.add("and " + notShrunk.size() + (notShrunk.size() == 1 ? " more kind" : " more kinds") + ", not shrunk (at most "
                    + saved.size() + " are), in the report:");
            notShrunk.forEach(g -> lines.add(ConsoleTable.clip("   " + g.kind().severity().title() + ": " + g.describe() + " (in "
                    + g.tries() + (g.tries() == 1 ? " try" : " tries") + ", first at try " + g.firstTry() + ")", ConsoleSummary.WIDTH)));
        }
        lines.add("a real-time history cannot be replayed (the threads' timing is not the seed's); each shrunk one is in the report");
        lines.add("seed: " + (seed == null ? "?" : seed));
        if (rerunSeed != null) {
            lines.addAll(Commands.wrapped("re-run the seed: ", rerunSeed));
        }
        return String.join("\n", lines) + "\n";
    }
}
