package fencecheck.realtime;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.check.TimedOperation;
import fencecheck.db.Databases;
import fencecheck.findings.Severity;
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
            return new LeaseClient() {
                @Override
                public Outcome acquire(String key, UUID owner, long ttlMicros) throws SQLException {
                    if (key.equals("K2")) {
                        throw new SQLException(REFUSAL);
                    }
                    return reference.acquire(key, owner, ttlMicros);
                }

                @Override
                public Outcome renew(String key, UUID owner, long token, long ttlMicros) throws SQLException {
                    return reference.renew(key, owner, token, ttlMicros);
                }

                @Override
                public Outcome release(String key, UUID owner, long token) throws SQLException {
                    return reference.release(key, owner, token);
                }

                @Override
                public Outcome.WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
                    return reference.write(sink, key, token, resultId, payload);
                }

                @Override
                public Outcome.RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload)
                        throws SQLException {
                    return reference.writeThenRollBack(sink, key, token, resultId, payload);
                }

                @Override
                public KeyState inspect(String key) throws SQLException {
                    return reference.inspect(key);
                }

                @Override
                public void close() throws SQLException {
                    reference.close();
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
