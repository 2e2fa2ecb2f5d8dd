package fencecheck.realtime;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.protocol.SqlLeaseProtocol;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/**
 * The reference behind a library that catches every {@link SQLException} itself and answers
 * as if the database had said no: Busy, RenewRejected, ReleaseRejected, Stale. Over an intact
 * connection it answers exactly as the reference; only a broken one makes it answer on its own.
 */
final class SwallowsConnectionErrors extends SqlLeaseProtocol {

    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        return new Swallowing(super.client(connection));
    }

    private record Swallowing(LeaseClient inner) implements LeaseClient {

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            try {
                return inner.acquire(key, owner, ttlMicros);
            } catch (SQLException e) {
                return new Outcome.Busy();
            }
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            try {
                return inner.renew(key, owner, token, ttlMicros);
            } catch (SQLException e) {
                return new Outcome.RenewRejected();
            }
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            try {
                return inner.release(key, owner, token);
            } catch (SQLException e) {
                return new Outcome.ReleaseRejected();
            }
        }

        @Override
        public WriteOutcome write(SinkKind sink, String key, long token, String resultId, String payload) {
            try {
                return inner.write(sink, key, token, resultId, payload);
            } catch (SQLException e) {
                return new Outcome.Stale();
            }
        }

        @Override
        public RolledBack writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
            return inner.writeThenRollBack(sink, key, token, resultId, payload);
        }

        @Override
        public KeyState inspect(String key) throws SQLException {
            return inner.inspect(key);
        }

        @Override
        public void close() throws SQLException {
            inner.close();
        }
    }
}
