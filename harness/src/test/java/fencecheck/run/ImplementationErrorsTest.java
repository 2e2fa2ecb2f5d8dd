package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseClient;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A call the implementation fails instead of answering (here: it throws, as the kit does when it refuses a call) is an
 * implementation error at either level: never a conformance difference, never a note, and it ends the try.
 */
class ImplementationErrorsTest {

    private static final String REFUSAL = "the kit finds no fence for K1 after the library's acquire";

    /** The reference, except that acquire throws. */
    private static final class ThrowingAcquire extends AcquireReplaced {

        ThrowingAcquire(LeaseClient reference) {
            super(reference);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
            throw new SQLException(REFUSAL);
        }
    }

    private static TryResult run(Conformance level) {
        SqlLeaseProtocol throwing = new SqlLeaseProtocol("acquire-throws", "", ModelConfig.reference().withConformance(Conformance.SAFETY)) {
            @Override
            public LeaseClient client(Connection connection) throws SQLException {
                return new ThrowingAcquire(super.client(connection));
            }
        };
        try (TraceRunner runner = new TraceRunner(Databases.shared(), throwing, false, level)) {
            return runner.run(Trace.of(throwing.name(), List.of(Step.worker(1, new Action.Acquire("K1")))));
        }
    }

    @Test
    void anExceptionAtTheFirstAcquireIsAnImplementationErrorUnderEitherLevel() {
        for (Conformance level : Conformance.values()) {
            TryResult r = run(level);
            assertThat(r.passed()).as(level + ": " + r.verdict()).isFalse();
            assertThat(r.notes()).as("never a note").isEmpty();
            assertThat(r.safetyFinding()).as("no answer, so nothing unsafe was answered").isFalse();
            assertThat(r.verdict()).as(level.name()).startsWith("implementation error at step 1 (").contains(REFUSAL)
                    .doesNotContain("conformance");
            List<FindingKind> kinds = FindingKinds.of(r);
            assertThat(kinds).as(level.name()).extracting(FindingKind::severity).containsExactly(Severity.ERROR);
            assertThat(kinds.get(0)).hasToString("implementation error: acquire failed where the model expects Granted");
        }
    }
}
