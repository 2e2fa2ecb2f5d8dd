package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.SqlResources;
import fencecheck.db.replica.Replication;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a try did to the standby of a replicated database (stopped it, held its replay), undone before the next try
 * so that every try starts with a standby streaming and caught up. A failover replaces the standby, so it ends both.
 */
final class Standby {

    private static final String HOLD_REPLAY = SqlResources.load("standby/hold_replay.sql");
    private static final String RESUME_REPLAY = SqlResources.load("standby/resume_replay.sql");

    private final Database database;
    private boolean stopped;
    private boolean replayHeld;

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
        stopped = false;
        replayHeld = false;
    }

    /**
     * After the tables are reset for a try: the standby has replayed everything, the reset included, so that a read
     * on it starts the try where the primary is (only a step of the try makes it lag).
     */
    void caughtUp() {
        if (database instanceof ReplicatedDatabase pair && !stopped && pair.pair().standbyPort() > 0) {
            pair.awaitCatchUp();
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
