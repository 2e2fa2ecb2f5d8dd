package fencecheck.run;

import fencecheck.api.ModelConfig;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An implementation without the job transaction runs every lease trace, writes in transactions included, and no job trace. */
class LeaseOnlyTest {

    private static final SqlLeaseProtocol LEASE_ONLY = new SqlLeaseProtocol("lease-only", "", ModelConfig.reference()) {
        @Override
        public boolean hasJobTransaction() {
            return false;
        }
    };

    @Test
    void aWriteInATransactionThatRollsBackRunsWithoutAJobClient() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), LEASE_ONLY)) {
            TryResult r = runner.run(Trace.of("lease-only", List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(1, new Action.Begin()),
                    Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "x")),
                    Step.worker(1, new Action.Rollback()),
                    Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", "y")))));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.situations()).contains(Situation.WRITE_ROLLED_BACK);
        }
    }

    @Test
    void aJobTraceIsRefusedInOneLine() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), LEASE_ONLY)) {
            assertThatThrownBy(() -> runner.run(Trace.of("lease-only", List.of(
                    Step.worker(1, new Action.Acquire("K1")), Step.worker(1, new Action.Begin()), Step.worker(1, new Action.Claim())))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("lease-only has none").hasMessageNotContaining("\n");
        }
    }
}
