package fencecheck.realtime;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.check.TimedOperation;
import fencecheck.db.Databases;
import fencecheck.findings.Severity;
import fencecheck.protocol.ForwardingLeaseClient;
import fencecheck.protocol.SqlLeaseProtocol;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In real time, a call the implementation fails instead of answering (it throws, on a whole connection, with no fault
 * armed) is said as an implementation error of its operation on its key, and is unknown in the history, which stays
 * sound: the answers are judged as ever.
 */
class RealTimeImplementationErrorTest {

    private static final String REFUSAL = "the kit finds no fence for K2";

    /** The reference, except that acquiring K2 throws before it reaches the database. */
    private static final class RefusesK2 extends SqlLeaseProtocol {

        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            LeaseClient reference = super.client(connection);
            return new ForwardingLeaseClient(reference) {
                @Override
                public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
                    if (key.equals("K2")) {
                        throw new SQLException(REFUSAL);
                    }
                    return delegate.acquire(key, owner, ttlMicros);
                }
            };
        }
    }

    @Test
    void aCallTheImplementationFailedIsAnImplementationErrorAndUnknown() throws SQLException {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), new RefusesK2(), RealTimeSettings.quick(1_000, 7));

        List<TimedOperation> failed = r.history().operations().stream().filter(o -> o.note().contains("the implementation failed it")).toList();
        assertThat(failed).as("acquires of K2, each unknown").isNotEmpty().allSatisfy(o -> {
            assertThat(o.unknown()).isTrue();
            assertThat(o.key()).isEqualTo("K2");
            assertThat(o.note()).contains(REFUSAL);
        });
        assertThat(r.verdict().passed()).as("the history, those calls unknown, is judged as ever: " + r.verdict().sentence()).isTrue();
        assertThat(r.failures()).isEmpty();
        assertThat(r.errors()).isNotEmpty().allSatisfy(f -> {
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.kind().describe()).isEqualTo("acquire failed instead of answering");
            assertThat(f.key()).isEqualTo("K2");
            assertThat(f.errorInWords()).contains("failed: " + REFUSAL).startsWith("operation " + f.history().operations().get(0).id());
        });
    }
}
