package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.SqlResources;
import fencecheck.db.replica.ReplicaPair;
import fencecheck.db.replica.Replication;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a try did to the standby of a replicated database (stopped it, held its replay), undone before the next try
 * so that every try starts with a standby streaming and caught up. A failover replaces the standby, so it ends both.
 */
final class Standby {

    private static final String HOLD_REPLAY = SqlResources.load("standby/hold_replay.sql");
    private static final String RESUME_REPLAY = SqlResources.load("standby/resume_replay.sql");
    private static final String CURRENT_LSN = SqlResources.load("standby/current_lsn.sql");
    private static final String REPLAYED_UP_TO = SqlResources.load("standby/replayed_up_to.sql");

    private final Database database;
    private boolean stopped;
    private boolean replayHeld;
    /** A session on the standby for {@link #caughtUp}; it goes when the standby stops or is replaced. */
    private Connection reader;

    Standby(Database database) {
        this.database = database;
    }

    /**
     * Stops the standby once it has everything committed so far, unless it is stopped already.
     *
     * @return false when the primary waits for its standby (a synchronous setting), where stopping it would hold every commit
     * @throws IllegalArgumentException, in one line, when the database is not a pair fencecheck started
     */
    boolean stop() {
        ReplicatedDatabase pair = pair("stops the standby");
        if (pair.replication().synchronousStandby()) {
            return false;
        }
        if (!stopped) {
            // a held replay would never catch up: it goes on first, and the standby stops with everything
            resumeReplay(pair);
            pair.awaitCatchUp();
            closeReader();
            pair.pair().stopStandby();
            stopped = true;
        }
        return true;
    }

    /**
     * Holds the standby's replay: it keeps receiving and flushing the WAL, and reads on it see what it had replayed.
     *
     * @return false when that cannot be: under {@code remote_apply} every commit would wait for the replay, and a
     *         stopped standby replays nothing anyway
     * @throws IllegalArgumentException, in one line, when the database is not a pair fencecheck started
     */
    boolean holdReplay() throws SQLException {
        ReplicatedDatabase pair = pair("holds the standby's replay");
        if (pair.replication() == Replication.REMOTE_APPLY || stopped) {
            return false;
        }
        if (!replayHeld) {
            run(pair, HOLD_REPLAY);
            replayHeld = true;
        }
        return true;
    }

    /** The promoted standby replayed everything before it became the primary; the old primary is the new standby, fresh. */
    void replacedByFailover() {
        closeReader();
        stopped = false;
        replayHeld = false;
    }

    /** Closes the standby session of {@link #caughtUp}, if any; the runner's end closes it too. */
    void closeReader() {
        if (reader != null) {
            try {
                reader.close();
            } catch (SQLException e) {
                // the standby went away with it: nothing to close
            }
            reader = null;
        }
    }

    /**
     * Before each step: the standby has replayed everything the primary wrote (the reset and the earlier steps), so
     * that a read on it is behind only where the trace holds its replay: a lag left to the machine's timing would make
     * a try's outcome a matter of luck. Waits as long as the pair's catch-up wait, then fails in one line.
     *
     * @param primary a session on the primary (the runner's observer)
     */
    void caughtUp(Connection primary) throws SQLException {
        if (!(database instanceof ReplicatedDatabase pair) || stopped || replayHeld || pair.pair().standbyPort() < 0) {
            return;
        }
        String lsn;
        try (Statement s = primary.createStatement(); ResultSet rs = s.executeQuery(CURRENT_LSN)) {
            rs.next();
            lsn = rs.getString(1);
        }
        if (reader == null) {
            reader = pair.pair().connectStandby();
        }
        long deadline = System.nanoTime() + ReplicaPair.DEFAULT_WAIT.toNanos();
        try (PreparedStatement replayed = reader.prepareStatement(REPLAYED_UP_TO)) {
            replayed.setString(1, lsn);
            while (true) {
                try (ResultSet rs = replayed.executeQuery()) {
                    if (rs.next() && rs.getBoolean(1)) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the standby did not replay the primary's WAL up to " + lsn + " within "
                            + ReplicaPair.DEFAULT_WAIT.toSeconds() + " s before a step; see the servers' log");
                }
                TraceRunner.pause(200);
            }
        }
    }

    /** Before the next try: a stopped standby streams again, a held replay goes on, and the standby catches up. */
    void restore() {
        if (database instanceof ReplicatedDatabase pair && (stopped || replayHeld)) {
            if (stopped) {
                pair.pair().startStandby();
            }
            resumeReplay(pair);
            pair.awaitCatchUp();
        }
        stopped = false;
        replayHeld = false;
    }

    private void resumeReplay(ReplicatedDatabase pair) {
        if (!replayHeld) {
            return;
        }
        try {
            run(pair, RESUME_REPLAY);
        } catch (SQLException e) {
            throw new IllegalStateException("the standby's replay could not go on again: " + e.getMessage(), e);
        }
        replayHeld = false;
    }

    private ReplicatedDatabase pair(String what) {
        if (!(database instanceof ReplicatedDatabase pair)) {
            throw new IllegalArgumentException("the trace " + what + ", but the " + database.kind() + " database has no"
                    + " standby fencecheck started; run it on -Dfencecheck.db=replicated");
        }
        return pair;
    }

    private static void run(ReplicatedDatabase pair, String sql) throws SQLException {
        try (Connection c = pair.pair().connectStandby(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
