package fencecheck.properties;

import fencecheck.findings.FailingTries;
import fencecheck.findings.Finding;
import fencecheck.run.TraceTable;

import java.util.List;

/**
 * The message a property with findings fails with: every finding in a few lines, most severe first (its kind, how
 * often and how far it shrank, its saved trace and the command that replays it), the seed and the command that
 * re-runs it, then each shrunk trace as a table under its verdict.
 */
final class FindingsMessage {

    private FindingsMessage() {
    }

    /**
     * @param tries         the property's tries
     * @param notShrunk     kinds found beyond the ones shrunk
     * @param rerunSeed     the command that re-runs the property with its seed, or null without a seed
     */
    static String render(List<PropertyFindings.Saved> findings, List<FailingTries.Group> notShrunk, int tries, String seed,
                         String rerunSeed) {
        int kinds = findings.size() + notShrunk.size();
        StringBuilder s = new StringBuilder();
        s.append(kinds).append(kinds == 1 ? " finding" : " distinct findings").append(" in ").append(tries).append(" tries")
                .append(kinds == 1 ? "" : ", safety first").append(":\n");
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i).finding();
            s.append(i + 1).append(". ").append(f.kind()).append('\n')
                    .append("   in ").append(f.tries()).append(f.tries() == 1 ? " try" : " tries").append(", first at try ")
                    .append(f.firstTry()).append("; ").append(f.shrinking()).append('\n')
                    // the same words at the start of a line as a single failure has always printed, for scripts that look for them
                    .append("trace: ").append(Paths.fromRoot(findings.get(i).trace())).append('\n')
                    .append("replay the trace: ").append(Commands.replayTrace(findings.get(i).trace())).append('\n');
        }
        if (!notShrunk.isEmpty()) {
            s.append("and ").append(notShrunk.size()).append(notShrunk.size() == 1 ? " more kind" : " more kinds")
                    .append(", not shrunk (at most ").append(findings.size()).append(" are):\n");
            notShrunk.forEach(g -> s.append("   ").append(g.kind()).append(" (in ").append(g.tries()).append(g.tries() == 1 ? " try" : " tries")
                    .append(", first at try ").append(g.firstTry()).append(")\n"));
        }
        s.append("seed: ").append(seed == null ? "?" : seed).append('\n');
        if (rerunSeed != null) {
            s.append("re-run the seed:  ").append(rerunSeed).append('\n');
        }
        for (int i = 0; i < findings.size(); i++) {
            Finding f = findings.get(i).finding();
            s.append('\n').append(i + 1).append(". ").append(f.shrunk().verdict()).append('\n').append(TraceTable.render(f.shrunk()));
        }
        return s.toString();
    }
}
