package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.job.JobOutcome;
import fencecheck.model.Micros;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The clock's moves commit without waiting for the disk, so they never make an implementation's own unwaited
 * commits durable on its behalf: a grant acknowledged with {@code synchronous_commit = off}, then a clock move,
 * then a crash, shows the grant lost. A crash may take the clock back too; the runner sets it again, and the
 * reference passes the same trace.
 */
class ClockAfterCrashTest {

    private static final List<Step> GRANT_MOVE_CRASH = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, null, "done")),
            Step.clock(new Action.AdvanceBy(3 * Micros.SECOND)),
            Step.nemesis(new Action.CrashDatabase()),
            Step.worker(2, new Action.Acquire("K1")));

    private static TryResult run(String implementation) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(implementation))) {
            TryResult r = runner.run(Trace.of(implementation, GRANT_MOVE_CRASH));
            try {
                assertThat(VirtualClock.read(runner.observer())).as("the clock after the try").isEqualTo(3 * Micros.SECOND);
            } catch (SQLException e) {
                throw new AssertionError(e);
            }
            return r;
        }
    }

    @Test
    void theReferencePassesAndTheClockIsWhereTheModelKeptIt() {
        TryResult r = run("reference");
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(r.history()).anyMatch(e -> e.observed() instanceof JobOutcome.Restarted);
    }

    /**
     * The second try of a runner: what the first made durable (the owners' names) is there before this try's
     * unwaited commits, so only those can be lost; a clock move that waited for the disk would have saved them.
     */
    @Test
    void commitsThatDidNotWaitAreLostThoughTheClockMovedAfterThem() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(FaultVariants.ASYNC_COMMIT))) {
            runner.run(Trace.of(FaultVariants.ASYNC_COMMIT, GRANT_MOVE_CRASH));
            TryResult r = runner.run(Trace.of(FaultVariants.ASYNC_COMMIT, GRANT_MOVE_CRASH));
            assertThat(r.passed()).isFalse();
            assertThat(r.divergent()).as(r.verdict()).isNotNull();
            assertThat(r.divergent().step()).as(TraceTable.render(r)).isEqualTo(4);
        }
    }
}
