package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner sends a clock move to the database only before the next step that can run anything there: between
 * steps no statement runs, so moves in a row arrive as their last, and a move the trace ends with is never sent.
 */
class ClockMovesTest {

    private record Run(TryResult result, long clockAfter) {
    }

    private static Run run(List<Step> steps) throws SQLException {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            Trace trace = Trace.of("reference", steps);
            TryResult r = runner.run(trace);
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            return new Run(r, VirtualClock.read(runner.observer()));
        }
    }

    @Test
    void movesInARowReachTheNextStatementAsTheirLast() throws SQLException {
        Run run = run(List.of(
                Step.clock(new Action.AdvanceBy(Micros.SECOND)),
                Step.clock(new Action.AdvanceBy(2 * Micros.SECOND)),
                Step.worker(1, new Action.Acquire("K1"))));

        long ttl = run.result().trace().leaseTtl();
        assertThat(run.result().history())
                .anyMatch(e -> e.observed() instanceof JobOutcome.Answered(Outcome.Granted granted)
                        && granted.until() == 3 * Micros.SECOND + ttl);
        assertThat(run.clockAfter()).isEqualTo(3 * Micros.SECOND);
    }

    @Test
    void aMoveTheTraceEndsWithIsNeverSent() throws SQLException {
        Run run = run(List.of(
                Step.clock(new Action.AdvanceBy(Micros.SECOND)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceBy(5 * Micros.SECOND))));

        assertThat(run.clockAfter()).as("the clock as the last statement saw it").isEqualTo(Micros.SECOND);
    }
}
