package fencecheck.nodes;

import fencecheck.kit.SchedulerNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A test node: inserts a heartbeat row (its run, its number, the server's {@code clock_timestamp()}) every
 * {@value #EVERY_MILLIS} ms through its {@link SchedulerNode} data source, opening a new session after any error
 * (a partition, a lost answer). Its run is the system property {@value #RUN_PROPERTY}.
 */
public final class HeartbeatNode {

    static final String RUN_PROPERTY = "fencecheck.test.heartbeat.run";
    static final long EVERY_MILLIS = 20;

    private HeartbeatNode() {
    }

    public static void main(String[] args) throws InterruptedException {
        String run = System.getProperty(RUN_PROPERTY);
        int id = SchedulerNode.id();
        String insert = sql("heartbeat_insert.sql");
        DataSource source = SchedulerNode.dataSource();
        System.out.println("heartbeat node " + id + " of run " + run + " on " + SchedulerNode.jdbcUrl());
        while (true) {
            try (Connection c = source.getConnection();
                 PreparedStatement s = c.prepareStatement(insert)) {
                while (true) {
                    s.setString(1, run);
                    s.setInt(2, id);
                    s.executeUpdate();
                    Thread.sleep(EVERY_MILLIS);
                }
            } catch (SQLException e) {
                System.out.println("heartbeat node " + id + ": " + e.getMessage());
                Thread.sleep(50);
            }
        }
    }

    static String sql(String name) {
        try (InputStream in = HeartbeatNode.class.getResourceAsStream("/fencecheck/nodes/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource /fencecheck/nodes/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
