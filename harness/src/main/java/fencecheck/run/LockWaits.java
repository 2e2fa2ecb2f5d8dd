package fencecheck.run;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the database shows of the try's sessions' lock waits, asked on the observer's connection: whether a
 * statement waits for another session of the try, whether the waits close a cycle, and where a server process
 * stands once its client gave up.
 */
final class LockWaits {

    private final Sessions sessions;
    private final long statementMillis;
    private PreparedStatement isBlocked;
    private PreparedStatement blockingPids;

    LockWaits(Sessions sessions, long statementMillis) {
        this.sessions = sessions;
        this.statementMillis = statementMillis;
    }

    /** Whether the statement of {@code session} waits for a lock another session of the try holds. */
    boolean isBlocked(Session session) throws SQLException {
        List<Integer> others = new ArrayList<>();
        for (Session other : sessions.all()) {
            if (other != session && other.connection != null) {
                others.add(other.backendPid);
            }
        }
        Connection observer = sessions.observer().connection;
        // prepared once per observer connection: a database restart replaces the connection
        if (isBlocked == null || isBlocked.getConnection() != observer) {
            isBlocked = observer.prepareStatement("select pg_catalog.pg_isolation_test_session_is_blocked(?, ?)");
        }
        isBlocked.setInt(1, session.backendPid);
        isBlocked.setArray(2, observer.createArrayOf("int4", others.toArray()));
        try (ResultSet rs = isBlocked.executeQuery()) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    /**
     * Whether the blocked sessions wait for each other in a cycle, which the
     * database's deadlock detector will break by aborting one of them (after
     * its {@code deadlock_timeout}): until then the try is not quiet.
     */
    boolean waitCycle(List<Session> blocked) throws SQLException {
        if (blocked.size() < 2) {
            return false;
        }
        Map<Integer, List<Integer>> waitsFor = new HashMap<>();
        Connection observer = sessions.observer().connection;
        if (blockingPids == null || blockingPids.getConnection() != observer) {
            blockingPids = observer.prepareStatement("select unnest(pg_catalog.pg_blocking_pids(?))");
        }
        for (Session s : blocked) {
            blockingPids.setInt(1, s.backendPid);
            List<Integer> holders = new ArrayList<>();
            try (ResultSet rs = blockingPids.executeQuery()) {
                while (rs.next()) {
                    holders.add(rs.getInt(1));
                }
            }
            waitsFor.put(s.backendPid, holders);
        }
        for (Integer start : waitsFor.keySet()) {
            if (reaches(waitsFor, start, start, new HashSet<>())) {
                return true;
            }
        }
        return false;
    }

    private static boolean reaches(Map<Integer, List<Integer>> waitsFor, int from, int target, Set<Integer> seen) {
        for (int next : waitsFor.getOrDefault(from, List.of())) {
            if (next == target || (seen.add(next) && reaches(waitsFor, next, target, seen))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where the server process of a session whose client gave up on a
     * statement (its answer lost) stands, once the statement it received is
     * no longer running: waits, bounded, until the process is idle (in a
     * transaction or not), waits for a lock, or is gone. A statement still
     * blocked by a lock did not run, and the drop that follows cancels it.
     */
    ServerSide afterTheClientGaveUp(Session session) throws SQLException {
        long deadline = System.nanoTime() + statementMillis * 1_000_000;
        try (PreparedStatement state = sessions.observer().connection.prepareStatement(
                "select state from pg_catalog.pg_stat_activity where pid = ?")) {
            state.setInt(1, session.backendPid);
            while (true) {
                try (ResultSet rs = state.executeQuery()) {
                    if (!rs.next()) {
                        return ServerSide.GONE;
                    }
                    String s = rs.getString(1);
                    if (s != null && s.startsWith("idle")) {
                        return s.equals("idle") ? ServerSide.IDLE : ServerSide.IN_TRANSACTION;
                    }
                }
                if (isBlocked(session) || System.nanoTime() > deadline) {
                    return ServerSide.WAITING;
                }
                TraceRunner.pause();
            }
        }
    }
}
