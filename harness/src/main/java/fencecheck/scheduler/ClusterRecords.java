package fencecheck.scheduler;

import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * What a cluster run left in the database, read once every node has stopped: the firings the kit numbered, the runs
 * the nodes recorded, the result each job key ends with, the runs' outbox emits and the messages the outbox stored (each
 * one effect at the consumer). Instants are microseconds of the database's clock from the
 * model's origin ({@link VirtualClock#toMicros}).
 */
public record ClusterRecords(List<Run> runs, List<Firing> firings, List<FinalRow> finalRows, List<Emit> emits,
                             List<OutboxRow> outbox) {

    private static final String FIRINGS_SQL = SqlResources.load("scheduler/firings.sql");
    private static final String RUNS_SQL = SqlResources.load("scheduler/runs.sql");
    private static final String FINAL_ROWS_SQL = SqlResources.load("scheduler/final_rows.sql");
    private static final String EMITS_SQL = SqlResources.load("scheduler/emits.sql");
    private static final String OUTBOX_SQL = SqlResources.load("scheduler/outbox.sql");

    /** A firing: a new lease of its job key, with the token the kit's trigger advanced the key's fence to. */
    public record Firing(String jobKey, String firingId, long token, long at) {
    }

    /**
     * A run of a job body.
     *
     * @param write its write, or null when it wrote nothing (yet)
     * @param end   when it ended, or null when it never recorded its end (killed, cut, or still paused)
     */
    public record Run(long id, int node, String jobKey, String firingId, long token, long start, RunWrite write, Long end) {

        /** The last instant it is known to have lived to: its end, else the latest instant it recorded. */
        public long lastKnown() {
            if (end != null) {
                return end;
            }
            if (write == null) {
                return start;
            }
            return write.complete() != null ? write.complete() : write.invoke();
        }
    }

    /**
     * A run's write.
     *
     * @param sink     {@code latest} (the kit's latest-token sink), {@code unfenced} (a plain upsert) or {@code fenced}
     *                 (a current-fence sink)
     * @param answer   the sink's answer ({@code Applied}, {@code Stale}, ...), or null when none was recorded: the write
     *                 may have taken effect or not
     * @param complete when its answer was recorded, or null with the answer
     */
    public record RunWrite(String sink, String result, long invoke, String answer, Long complete) {

        /** Whether the sink answered that it holds the write. */
        public boolean accepted() {
            return "Applied".equals(answer) || "Replayed".equals(answer);
        }
    }

    /** The result a job key ends with in the latest-token table. */
    public record FinalRow(String jobKey, long token, String payload) {
    }

    /**
     * An outbox emit of a run.
     *
     * @param sink     {@code outbox} (the kit's fenced outbox, once per business key) or {@code unfenced} (a plain insert)
     * @param answer   the outbox's answer, or null when none was recorded: the emit may have taken effect or not
     * @param complete when its answer was recorded, or null with the answer
     */
    public record Emit(long id, long runId, String businessKey, String sink, String payload, long invoke, String answer,
                       Long complete) {

        /** Whether the outbox answered that it holds the message. */
        public boolean accepted() {
            return "Applied".equals(answer) || "Replayed".equals(answer);
        }
    }

    /** A message the outbox stored for a business key of a job key, by run {@code runId}: one effect at the consumer. */
    public record OutboxRow(long id, String jobKey, String businessKey, long token, String payload, long runId, boolean fenced,
                            long at) {
    }

    public ClusterRecords {
        runs = List.copyOf(runs);
        firings = List.copyOf(firings);
        finalRows = List.copyOf(finalRows);
        emits = List.copyOf(emits);
        outbox = List.copyOf(outbox);
    }

    /** Records of runs that emitted nothing. */
    public ClusterRecords(List<Run> runs, List<Firing> firings, List<FinalRow> finalRows) {
        this(runs, firings, finalRows, List.of(), List.of());
    }

    /** Reads them on {@code connection}, a session of the database the nodes used. */
    public static ClusterRecords read(Connection connection) throws SQLException {
        List<Firing> firings = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        List<FinalRow> rows = new ArrayList<>();
        List<Emit> emits = new ArrayList<>();
        List<OutboxRow> outbox = new ArrayList<>();
        try (Statement s = connection.createStatement()) {
            try (ResultSet rs = s.executeQuery(FIRINGS_SQL)) {
                while (rs.next()) {
                    firings.add(new Firing(rs.getString(1), rs.getString(2), rs.getLong(3), micros(rs, 4)));
                }
            }
            runs.addAll(runs(s));
            try (ResultSet rs = s.executeQuery(FINAL_ROWS_SQL)) {
                while (rs.next()) {
                    rows.add(new FinalRow(rs.getString(1), rs.getLong(2), rs.getString(3)));
                }
            }
            try (ResultSet rs = s.executeQuery(EMITS_SQL)) {
                while (rs.next()) {
                    emits.add(new Emit(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            micros(rs, 6), rs.getString(7), micros(rs, 8)));
                }
            }
            try (ResultSet rs = s.executeQuery(OUTBOX_SQL)) {
                while (rs.next()) {
                    outbox.add(new OutboxRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getString(5),
                            rs.getLong(6), rs.getBoolean(7), micros(rs, 8)));
                }
            }
        }
        return new ClusterRecords(runs, firings, rows, emits, outbox);
    }

    /** The runs alone, in the order they began: what a cluster run's waits poll. */
    public static List<Run> runs(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            return runs(s);
        }
    }

    private static List<Run> runs(Statement s) throws SQLException {
        List<Run> runs = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(RUNS_SQL)) {
            while (rs.next()) {
                RunWrite write = rs.getString(7) == null ? null
                        : new RunWrite(rs.getString(7), rs.getString(8), micros(rs, 9), rs.getString(10), micros(rs, 11));
                runs.add(new Run(rs.getLong(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getLong(5), micros(rs, 6),
                        write, micros(rs, 12)));
            }
        }
        return runs;
    }

    private static Long micros(ResultSet rs, int column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : VirtualClock.toMicros(at);
    }
}
