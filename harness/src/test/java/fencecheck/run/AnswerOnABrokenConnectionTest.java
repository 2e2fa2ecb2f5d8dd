package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In lock step as in real time: a library that catches the error of a connection fencecheck broke and answers
 * Busy on its own has heard nothing from the database, so its answer is unknown and the rows settle what the
 * call did; it is no error of the implementation.
 */
class AnswerOnABrokenConnectionTest {

    /** The reference behind an acquire that answers Busy when its connection fails. */
    static final class SwallowingAcquire extends SqlLeaseProtocol {
        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            return new AcquireReplaced(super.client(connection)) {
                @Override
                public Outcome acquire(String key, UUID owner, long ttlMicros) {
                    try {
                        return reference.acquire(key, owner, ttlMicros);
                    } catch (SQLException e) {
                        return new Outcome.Busy();
                    }
                }
            };
        }
    }

    @Test
    void aBusyMadeUpAfterALostAnswerIsUnknownAndTheRowsSettleTheGrant() {
        List<Step> steps = List.of(
                Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Acquire("K1")));
        TryResult r;
        try (TraceRunner runner = new TraceRunner(Databases.shared(), new SwallowingAcquire(), true)) {
            r = runner.run(Trace.of("swallowing-acquire", steps));
        }
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isTrue();
        assertThat(r.history()).filteredOn(e -> e.step() == 2 && e.kind() == HistoryEntry.Kind.STATEMENT).singleElement()
                .satisfies(e -> {
                    assertThat(e.error()).isNull();
                    assertThat(e.observed()).as("the made-up Busy is not taken as the database's").isNull();
                    assertThat(e.action()).contains("taken as unknown").contains("the rows show it ran");
                });
    }
}
