package fencecheck.run;

import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation that reads its clock in whole milliseconds cannot see one microsecond: claiming
 * {@code resolution=milliseconds}, it gets clock steps in whole milliseconds (one microsecond past a boundary is one
 * millisecond past it, one before is one millisecond before) and passes; the same SQL claiming microseconds is
 * stepped one microsecond past the boundary and answers as if the lease were still valid.
 */
class MillisecondClockTest {

    private static final long TTL = 10 * Micros.SECOND;

    private static List<Step> boundary(long deltaMicros) {
        return List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", deltaMicros)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Renew()));
    }

    private static TryResult run(String implementation, List<Step> steps) {
        return FreshRunner.run(implementation, steps);
    }

    private static long clockAfter(TryResult r) {
        return r.history().stream().filter(e -> e.kind() == HistoryEntry.Kind.CLOCK)
                .map(e -> ((JobOutcome.ClockAt) e.observed()).now()).findFirst().orElseThrow();
    }

    @Test
    void oneMicrosecondPastTheBoundaryIsOneMillisecondPastIt() {
        TryResult r = run("sql:classpath:/packs/millisecond-clock", boundary(1));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(clockAfter(r)).isEqualTo(TTL + 1_000);
    }

    @Test
    void oneMicrosecondBeforeTheBoundaryIsOneMillisecondBeforeIt() {
        TryResult r = run("sql:classpath:/packs/millisecond-clock", boundary(-1));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(clockAfter(r)).isEqualTo(TTL - 1_000);
    }

    @Test
    void theSameSqlClaimingMicrosecondsDivergesOneMicrosecondPastTheBoundary() {
        TryResult r = run("sql:classpath:/packs/millisecond-clock-claiming-microseconds", boundary(1));
        assertThat(clockAfter(r)).isEqualTo(TTL + 1);
        assertThat(r.passed()).isFalse();
        assertThat(r.divergent()).isNotNull();
        assertThat(r.divergent().step()).isEqualTo(3);
    }
}
