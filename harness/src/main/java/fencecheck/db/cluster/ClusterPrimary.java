package fencecheck.db.cluster;

import fencecheck.db.SqlResources;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * What the cluster's service address answers as: which primary (by its timeline) and whether a standby streams from
 * it. A failover command may return before the failover is done ({@code kubectl cnpg promote} asks the operator and
 * returns) or after ({@code patronictl failover}); either way the old primary may still answer for a while, so a
 * failover is done only once the address reaches a primary on a newer timeline than before.
 */
public final class ClusterPrimary {

    /** A session on the service address. */
    @FunctionalInterface
    public interface Sessions {
        Connection open() throws SQLException;
    }

    private static final long POLL_MILLIS = 200;

    private final Sessions sessions;
    private final String address;

    /**
     * @param address the service address as the user gave it, for messages (no password in it)
     */
    public ClusterPrimary(Sessions sessions, String address) {
        this.sessions = sessions;
        this.address = address;
    }

    /** The timeline of the primary the address reaches now; empty when it does not answer, or answers as a standby. */
    public OptionalLong timeline() {
        try (Connection c = sessions.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(SqlResources.load("cluster/primary_timeline.sql"))) {
            rs.next();
            String hex = rs.getString(1);
            return hex == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(hex, 16));
        } catch (SQLException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Waits until the address answers as a primary on a timeline after {@code before} (any primary when there was
     * none before).
     *
     * @return the new primary's timeline
     * @throws IllegalStateException in one line when none answers within {@code wait}
     */
    public long awaitNewPrimary(OptionalLong before, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        OptionalLong now = timeline();
        while (now.isEmpty() || before.isPresent() && now.getAsLong() <= before.getAsLong()) {
            if (System.nanoTime() > deadline) {
                String seen = now.isEmpty() ? "no primary answered there"
                        : "it still reached the old primary (timeline " + now.getAsLong() + ")";
                throw new IllegalStateException("after the failover command, " + address + " did not answer as a newly promoted"
                        + " primary within " + wait.toSeconds() + " s (" + seen + "); point fencecheck.db.url at the cluster's"
                        + " service address and check that the command fails the cluster over");
            }
            sleep();
            now = timeline();
        }
        return now.getAsLong();
    }

    /**
     * Waits until a standby streams from the primary the address reaches, so that a later failover has one to
     * promote.
     *
     * @throws IllegalStateException in one line when none does within {@code wait}
     */
    public void awaitStandby(Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (standbys() < 1) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the cluster at " + address + " failed over, but no standby streamed from its new"
                        + " primary within " + wait.toSeconds() + " s, so a later failover would have none to promote; let the"
                        + " cluster bring the old primary back as a standby (Patroni and CloudNativePG do), or give it longer");
            }
            sleep();
        }
    }

    private int standbys() {
        try (Connection c = sessions.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(SqlResources.load("cluster/standbys.sql"))) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            return 0;
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the cluster to fail over", e);
        }
    }
}
