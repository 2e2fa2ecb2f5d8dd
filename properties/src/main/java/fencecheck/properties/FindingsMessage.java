package fencecheck.properties;

import fencecheck.findings.FailingTries;
import fencecheck.findings.Finding;
import fencecheck.findings.Severity;
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

    /**
     * The one line the build tool repeats in its summary of failed tests: "7 findings (5 safety, 2 conformance) in 300
     * tries of X", with an implementation's errors counted apart ("... and 1 implementation error", or only that).
     */
    static String summary(String property, String implementation, List<PropertyFindings.Saved> findings, List<FailingTries.Group> notShrunk,
                          int tries) {
        List<Severity> kinds = new ArrayList<>();
        findings.forEach(f -> kinds.add(f.finding().severity()));
        notShrunk.forEach(g -> kinds.add(g.kind().severity()));
        return counted(kinds) + " in " + tries + " tries of " + implementation;
    }

    /** Kinds of finding counted by severity: both sorts of finding always named, implementation errors only when met. */
    static String counted(List<Severity> kinds) {
        long errors = kinds.stream().filter(s -> s == Severity.ERROR).count();
        long safety = kinds.stream().filter(s -> s == Severity.SAFETY).count();
        long findings = kinds.size() - errors;
        List<String> parts = new ArrayList<>();
        if (findings > 0) {
            parts.add(findings + (findings == 1 ? " finding" : " findings") + " (" + safety + " safety, " + (findings - safety)
                    + " conformance)");
        }
        if (errors > 0) {
            parts.add(errors + (errors == 1 ? " implementation error" : " implementation errors"));
        }
        return String.join(" and ", parts);
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
