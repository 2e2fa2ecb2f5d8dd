package fencecheck.properties;

import fencecheck.api.Outcome;
import fencecheck.check.Violation;
import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;

import java.util.List;
import java.util.Optional;

/**
 * A shrunk finding in one sentence that names who did what, for the console: "w1's write K1 token 1 to fenced sink
 * result r1 at 10.000001 s was answered Applied after w2 was granted token 2 at 10.000001 s; the reference answers
 * Stale". The longer verdict, with every invariant, stays in the report.
 */
final class WhoDidWhat {

    private WhoDidWhat() {
    }

    static String of(TryResult shrunk) {
        Optional<HistoryEntry> at = failingEntry(shrunk);
        if (at.isEmpty()) {
            return shrunk.verdict();
        }
        HistoryEntry e = at.get();
        StringBuilder s = new StringBuilder(e.actor()).append(e.resumed() ? "'s waiting " : "'s ").append(e.action())
                .append(" at ").append(seconds(e.at()));
        if (e.error() != null) {
            s.append(" failed: ").append(e.error());
        } else if (e.observed() != null) {
            s.append(" was answered ").append(answer(e.observed()));
        }
        grantBefore(shrunk.history(), e).ifPresent(g -> s.append(" after ").append(g.actor()).append(" was granted token ")
                .append(((Outcome.Granted) ((JobOutcome.Answered) g.observed()).outcome()).token()).append(" at ").append(seconds(g.at())));
        if (e == shrunk.divergent() && e.expected() != null && e.error() == null) {
            s.append("; the reference answers ").append(answer(e.expected()));
        }
        List<Violation> broken = shrunk.violations();
        if (!broken.isEmpty()) {
            s.append("; breaks invariant ").append(broken.get(0).invariant().title()).append(": ").append(broken.get(0).explanation());
        }
        return s.toString();
    }

    /** The divergent step, else the step of the first broken invariant. */
    private static Optional<HistoryEntry> failingEntry(TryResult shrunk) {
        if (shrunk.divergent() != null) {
            return Optional.of(shrunk.divergent());
        }
        if (shrunk.violations().isEmpty()) {
            return Optional.empty();
        }
        int step = shrunk.violations().get(0).step();
        return shrunk.history().stream().filter(h -> h.step() == step && h.kind() == HistoryEntry.Kind.STATEMENT).reduce((a, b) -> b);
    }

    /** The last grant of the same key to another actor before {@code e}: what a stale write or a second grant overlooked. */
    private static Optional<HistoryEntry> grantBefore(List<HistoryEntry> history, HistoryEntry e) {
        HistoryEntry found = null;
        for (HistoryEntry h : history) {
            if (h == e) {
                break;
            }
            if (h.key() != null && h.key().equals(e.key()) && !h.actor().equals(e.actor()) && h.observed() instanceof JobOutcome.Answered a
                    && a.outcome() instanceof Outcome.Granted) {
                found = h;
            }
        }
        return Optional.ofNullable(found);
    }

    private static String answer(JobOutcome outcome) {
        return JobOutcome.describe(outcome);
    }

    /** Micros as seconds with the unit: {@code 10.000001 s}. */
    static String seconds(long micros) {
        String formatted = Micros.format(micros);
        return formatted.endsWith("s") ? formatted.substring(0, formatted.length() - 1) + " s" : formatted;
    }
}
