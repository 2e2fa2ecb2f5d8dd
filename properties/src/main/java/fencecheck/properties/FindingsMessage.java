package fencecheck.properties;

import fencecheck.findings.FailingTries;
import fencecheck.findings.Finding;
import fencecheck.report.ConsoleSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * What a property with findings prints, once: a line that names the property and counts its findings, then each
 * finding in a few lines, most severe first (its kind, how often and how far it shrank, one sentence that names who
 * did what, the shrunk trace, its saved file and the command that replays it), the kinds beyond those shrunk, and
 * the seed with the command that re-runs only this property. No line is longer than {@link ConsoleSummary#WIDTH},
 * but a path, which cannot be cut.
 */
final class FindingsMessage {

    private FindingsMessage() {
    }

    /** The one line the build tool repeats in its summary of failed tests. */
    static String summary(String property, String implementation, List<PropertyFindings.Saved> findings, List<FailingTries.Group> notShrunk,
                          int tries) {
        int kinds = findings.size() + notShrunk.size();
        long safety = findings.stream().filter(f -> "safety".equals(f.finding().severity().word())).count()
                + notShrunk.stream().filter(g -> "safety".equals(g.kind().severity().word())).count();
        return kinds + (kinds == 1 ? " finding" : " findings") + " (" + safety + " safety, " + (kinds - safety) + " conformance) in "
                + tries + " tries of " + implementation;
    }

    /**
     * @param property  the property, {@code Class.method}
     * @param summary   the first line, {@link #summary}
     * @param notShrunk kinds found beyond the ones shrunk
     * @param rerunSeed the command that re-runs the property with its seed, or null without a seed
     */
    static String render(String property, String summary, List<PropertyFindings.Saved> findings, List<FailingTries.Group> notShrunk,
                         String seed, String rerunSeed) {
        List<String> lines = new ArrayList<>(ConsoleSummary.wrapped(property + ": " + summary + (findings.size() + notShrunk.size() > 1 ? ", safety first:" : ":")));
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i).finding();
            lines.addAll(ConsoleSummary.wrapped((i + 1) + ". " + f.kind()));
            lines.add("   in " + f.tries() + (f.tries() == 1 ? " try" : " tries") + ", first at try " + f.firstTry() + "; " + f.shrinking());
            ConsoleSummary.wrapped(WhoDidWhat.of(f.shrunk()), ConsoleSummary.WIDTH - 3).forEach(l -> lines.add("   " + l));
            lines.addAll(ConsoleTable.render(f.shrunk()));
            // the same words at the start of a line as a single failure has always printed, for scripts that look for them
            lines.add("trace: " + Paths.fromRoot(findings.get(i).trace()));
            lines.addAll(Commands.wrapped("replay the trace: ", Commands.replayTrace(findings.get(i).trace())));
        }
        if (!notShrunk.isEmpty()) {
            lines.add("and " + notShrunk.size() + (notShrunk.size() == 1 ? " more kind" : " more kinds") + ", not shrunk (at most "
                    + findings.size() + " are), in the report:");
            notShrunk.forEach(g -> lines.add(ConsoleTable.clip("   " + g.kind() + " (in " + g.tries() + (g.tries() == 1 ? " try" : " tries")
                    + ", first at try " + g.firstTry() + ")", ConsoleSummary.WIDTH)));
        }
        lines.add("seed: " + (seed == null ? "?" : seed));
        if (rerunSeed != null) {
            lines.addAll(Commands.wrapped("re-run the seed: ", rerunSeed));
        }
        return String.join("\n", lines) + "\n";
    }
}
