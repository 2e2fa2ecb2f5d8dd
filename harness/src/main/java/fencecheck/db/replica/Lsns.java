package fencecheck.db.replica;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/** Positions in the WAL: how far the primary has written and how far the standby has replayed. */
final class Lsns {

    private Lsns() {
    }

    /** The primary's {@code pg_current_wal_lsn()}. */
    static String current(PostgresServer primary) {
        try (Connection c = primary.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_current_wal_lsn()::text")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the WAL position of the primary " + primary + ": " + Messages.root(e), e);
        }
    }

    /** The standby's {@code pg_last_wal_replay_lsn()}, when it has replayed anything and answers. */
    static Optional<String> replayed(PostgresServer standby) {
        try (Connection c = standby.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_last_wal_replay_lsn()::text")) {
            rs.next();
            return Optional.ofNullable(rs.getString(1));
        } catch (SQLException e) {
            return Optional.empty();
        }
    }

    /** Whether the standby has replayed the WAL up to {@code lsn}; false while it does not answer. */
    static boolean replayedAtLeast(PostgresServer standby, String lsn) {
        try (Connection c = standby.connect();
             PreparedStatement s = c.prepareStatement("select pg_last_wal_replay_lsn() >= ?::pg_lsn")) {
            s.setString(1, lsn);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        } catch (SQLException e) {
            return false;
        }
    }
}
