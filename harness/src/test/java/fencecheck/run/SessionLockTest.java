package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation that holds a lock outside any transaction (a session-level
 * advisory lock) makes a statement wait though no transaction is open: the
 * runner, which ran such statements on its own thread, sees it wait past its
 * bound, runs the try again with every statement on a thread of its own, and
 * observes the wait instead of hanging.
 */
class SessionLockTest {

    /** The reference, except that acquire first takes a session-level advisory lock and never gives it back. */
    private static final SqlLeaseProtocol HOLDS_A_SESSION_LOCK = new SqlLeaseProtocol("holds-a-session-lock", "", ModelConfig.reference()) {
        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            return new SessionLocked(super.client(connection), connection.prepareStatement("select pg_advisory_lock(4242)"));
        }
    };

    @Test
    void aWaitOutsideAnyTransactionIsObservedNotHung() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), HOLDS_A_SESSION_LOCK)) {
            long started = System.nanoTime();
            TryResult r = runner.run(Trace.of("holds-a-session-lock", List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(2, new Action.Acquire("K2")))));
            assertThat((System.nanoTime() - started) / 1_000_000).as("bounded by the inline limit and one more try")
                    .isLessThan(3L * TraceRunner.INLINE_LIMIT_MILLIS + 10_000);
            assertThat(runner.runsStatementsInline()).isFalse();
            assertThat(r.history()).anySatisfy(e -> assertThat(e.isWait()).isTrue());
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        }
    }

    private static final class SessionLocked extends AcquireReplaced {

        SessionLocked(LeaseClient reference, PreparedStatement lock) {
            super(reference, lock);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            statement.execute();
            return reference.acquire(key, owner, ttlMicros);
        }
    }
}
