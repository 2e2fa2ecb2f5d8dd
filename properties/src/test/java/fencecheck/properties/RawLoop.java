package fencecheck.properties;

import fencecheck.api.SinkKind;
import fencecheck.db.Database;
import fencecheck.db.TestBed;
import fencecheck.db.VirtualClock;
import fencecheck.job.JobCommand;
import fencecheck.model.Command;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The practical limit: the statements the trace runner sends for a set of
 * tries, replayed by a plain JDBC loop with no model, no comparison and no
 * history. Per try: the runner's reset ({@link TestBed#reset}, on the observer
 * connection). Per step with a protocol operation: that operation's statement
 * on the acting session's connection (begin, commit and rollback as JDBC
 * transaction control), then the row inspection of its key on the
 * observer connection. Per clock step: the clock update on the observer
 * connection. Steps the runner answers without the database (no-ops, pause,
 * resume, restart) send nothing; a restart does not open a new connection.
 * Every row returned is read (its first column), nothing is decoded further.
 *
 * <p>The statement list is taken from the runner's own histories of the same
 * traces, so both execute the same statements with the same arguments.
 */
final class RawLoop implements AutoCloseable {

    enum Kind { CLOCK, ACQUIRE, RENEW, RELEASE, WRITE, BEGIN, COMMIT, ROLLBACK }

    /** One statement to send; {@code connection} indexes the worker connections (-1: the observer). */
    record Op(Kind kind, int connection, String key, UUID owner, long token, long ttl, SinkKind sink,
              String resultId, String payload, OffsetDateTime clock) {
    }

    /** One try's statements, and how many trace steps the try had. */
    record Script(int steps, List<Op> ops, int restarts) {

        int statements() {
            int n = 1;
            for (Op op : ops) {
                n += op.kind == Kind.CLOCK ? 1 : 2;
            }
            return n;
        }
    }

    /** The statements the runner sent for {@code result}, as recorded in its history: one connection per session. */
    static Script script(TryResult result) {
        Map<String, UUID> owners = new HashMap<>();
        Map<String, Integer> connections = new HashMap<>();
        List<Op> ops = new ArrayList<>();
        int restarts = 0;
        for (HistoryEntry entry : result.history()) {
            if (entry.step() <= result.trace().steps().size() && !entry.resumed()
                    && result.trace().steps().get(entry.step() - 1).action() instanceof Action.Restart) {
                restarts++;
            }
            JobCommand command = entry.command();
            if (command == null || entry.observed() == null || entry.isWait()) {
                continue;
            }
            int connection = connections.computeIfAbsent(entry.actor(), a -> connections.size());
            Op op = switch (command) {
                case JobCommand.AdvanceClock c -> new Op(Kind.CLOCK, -1, null, null, 0, 0, null, null, null,
                        VirtualClock.toTimestamp(c.to()));
                case JobCommand.LeaseOperation l -> switch (l.command()) {
                    case Command.Acquire a -> new Op(Kind.ACQUIRE, connection, a.key(), owner(owners, a.owner()), 0, a.ttl(),
                            null, null, null, null);
                    case Command.Renew r -> new Op(Kind.RENEW, connection, r.key(), owner(owners, r.owner()), r.token(), r.ttl(),
                            null, null, null, null);
                    case Command.Release r -> new Op(Kind.RELEASE, connection, r.key(), owner(owners, r.owner()), r.token(), 0,
                            null, null, null, null);
                    default -> null;
                };
                case JobCommand.Write w -> new Op(Kind.WRITE, connection, w.write().key(), null, w.write().token(), 0,
                        w.write().sink(), w.write().resultId(), w.write().payload(), null);
                case JobCommand.Begin b -> new Op(Kind.BEGIN, connection, null, null, 0, 0, null, null, null, null);
                case JobCommand.Commit c -> new Op(Kind.COMMIT, connection, null, null, 0, 0, null, null, null, null);
                case JobCommand.Rollback r -> new Op(Kind.ROLLBACK, connection, null, null, 0, 0, null, null, null, null);
                default -> null;
            };
            if (op != null) {
                // the runner sends a clock move only before the next statement: moves in a row go as their last
                if (op.kind == Kind.CLOCK && !ops.isEmpty() && ops.getLast().kind == Kind.CLOCK) {
                    ops.removeLast();
                }
                ops.add(op);
            }
        }
        if (!ops.isEmpty() && ops.getLast().kind == Kind.CLOCK) {
            ops.removeLast();
        }
        return new Script(result.trace().steps().size(), List.copyOf(ops), restarts);
    }

    private static UUID owner(Map<String, UUID> owners, String label) {
        return owners.computeIfAbsent(label, l -> UUID.randomUUID());
    }

    private final TestBed testBed;
    private final Connection observer;
    private final PreparedOperation inspect;
    private final PreparedStatement clock;
    private final Map<Integer, Worker> workers = new HashMap<>();
    private final Database database;
    private final SqlLeaseProtocol protocol;
    private long consumed;

    RawLoop(Database database, SqlLeaseProtocol protocol) throws SQLException {
        this.database = database;
        this.protocol = protocol;
        this.testBed = new TestBed(database, protocol);
        testBed.install();
        this.observer = database.connect();
        try (Statement s = observer.createStatement()) {
            // as the runner's observer: its row reads planned once
            s.execute("set plan_cache_mode to force_generic_plan");
        }
        this.inspect = protocol.prepare(observer, Operation.INSPECT);
        this.clock = observer.prepareStatement(VirtualClock.SET_SQL);
    }

    /** Worker connections this loop has opened so far. */
    int connections() {
        return workers.size();
    }

    /**
     * Runs one try's statements.
     *
     * @return nanoseconds the reset took
     */
    long run(Script script) throws SQLException {
        long started = System.nanoTime();
        testBed.reset(observer);
        long reset = System.nanoTime() - started;
        for (Op op : script.ops) {
            if (op.kind == Kind.CLOCK) {
                clock.setObject(1, op.clock);
                clock.executeUpdate();
                continue;
            }
            worker(op.connection).execute(op);
            if (op.key != null) {
                consume(inspect, new Params().text("job_key", op.key));
            }
        }
        return reset;
    }

    private Worker worker(int index) throws SQLException {
        Worker w = workers.get(index);
        if (w == null) {
            w = new Worker(database.connect());
            workers.put(index, w);
        }
        return w;
    }

    private void consume(PreparedOperation operation, Params params) throws SQLException {
        consume(operation.query(params));
    }

    private void consume(ResultSet rows) throws SQLException {
        try (ResultSet rs = rows) {
            while (rs.next()) {
                consumed += rs.getString(1) == null ? 0 : 1;
            }
        }
    }

    @Override
    public void close() throws SQLException {
        for (Worker w : workers.values()) {
            w.connection.close();
        }
        observer.close();
    }

    private final class Worker {
        final Connection connection;
        final PreparedOperation acquire;
        final PreparedOperation renew;
        final PreparedOperation release;
        final PreparedOperation writeLatest;
        final PreparedOperation writeFenced;

        Worker(Connection connection) throws SQLException {
            this.connection = connection;
            this.acquire = protocol.prepare(connection, Operation.ACQUIRE);
            this.renew = protocol.prepare(connection, Operation.RENEW);
            this.release = protocol.prepare(connection, Operation.RELEASE);
            this.writeLatest = protocol.prepare(connection, Operation.WRITE_LATEST);
            this.writeFenced = protocol.prepare(connection, Operation.WRITE_FENCED);
        }

        void execute(Op op) throws SQLException {
            switch (op.kind) {
                case ACQUIRE -> consume(acquire, new Params().text("job_key", op.key).uuid("owner", op.owner)
                        .bigint("ttl_micros", op.ttl));
                case RENEW -> consume(renew, new Params().text("job_key", op.key).uuid("owner", op.owner)
                        .bigint("token", op.token).bigint("ttl_micros", op.ttl));
                case RELEASE -> consume(release, new Params().text("job_key", op.key).uuid("owner", op.owner)
                        .bigint("token", op.token));
                case WRITE -> write(op);
                case BEGIN -> connection.setAutoCommit(false);
                case COMMIT -> {
                    connection.commit();
                    connection.setAutoCommit(true);
                }
                case ROLLBACK -> {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
                case CLOCK -> throw new IllegalStateException("the clock runs on the observer");
            }
        }

        private void write(Op op) throws SQLException {
            Params params = new Params().text("job_key", op.key).bigint("token", op.token).text("result_id", op.resultId)
                    .text("payload", op.payload);
            consume(op.sink == SinkKind.LATEST_TOKEN_WINS ? writeLatest : writeFenced, params);
        }
    }
}
