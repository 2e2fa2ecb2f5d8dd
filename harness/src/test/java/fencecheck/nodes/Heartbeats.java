package fencecheck.nodes;

import fencecheck.db.Database;
import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The heartbeat rows of one test's run, read on a session of the test's own, as instants of the server's clock. */
final class Heartbeats {

    private final Database database;
    final String run = UUID.randomUUID().toString();

    Heartbeats(Database database) throws SQLException {
        this.database = database;
        try (Connection c = database.connectRealTime();
             Statement s = c.createStatement()) {
            s.execute(HeartbeatNode.sql("heartbeat_table.sql"));
        }
    }

    /** The option that gives a node this run. */
    String option() {
        return "-D" + HeartbeatNode.RUN_PROPERTY + "=" + run;
    }

    /** Node {@code node}'s heartbeats, in microseconds of the server's clock, in order. */
    List<Long> of(int node) {
        try (Connection c = database.connectRealTime();
             PreparedStatement s = c.prepareStatement(HeartbeatNode.sql("heartbeats_of.sql"))) {
            s.setString(1, run);
            s.setInt(2, node);
            List<Long> at = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    at.add(VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class)));
                }
            }
            return at;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Node {@code node}'s heartbeats after {@code micros}. */
    List<Long> after(int node, long micros) {
        return of(node).stream().filter(t -> t > micros).toList();
    }

    /** Node {@code node}'s heartbeats in {@code (from, to]}. */
    List<Long> within(int node, long from, long to) {
        return of(node).stream().filter(t -> t > from && t <= to).toList();
    }
}
