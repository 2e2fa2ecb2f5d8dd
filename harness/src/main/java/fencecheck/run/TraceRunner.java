package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.TestBed;
import fencecheck.model.LeaseModel;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.trace.Trace;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs traces one step at a time against the model and the database, in lock
 * step. Sessions are pooled across tries; each try starts from empty tables
 * and clock zero, so a try never sees another's data.
 */
public final class TraceRunner implements AutoCloseable {

    /**
     * One try at a time per JVM: the database is shared, and a property
     * engine may still be shrinking on another thread when the next starts.
     */
    private static final ReentrantLock ONE_TRY_AT_A_TIME = new ReentrantLock();

    private final Database database;
    private final LeaseProtocol protocol;
    private final LeaseModel model;
    private final TestBed testBed;
    private final Deque<Session> idle = new ArrayDeque<>();
    private final OperationMetrics metrics = new OperationMetrics();
    private Session observer;

    public TraceRunner(Database database, LeaseProtocol protocol) {
        this.database = database;
        this.protocol = protocol;
        this.model = new LeaseModel(protocol.modelConfig());
        this.testBed = new TestBed(database, protocol);
    }

    public LeaseProtocol protocol() {
        return protocol;
    }

    /** Figures over every try this runner ran since the last {@link OperationMetrics#reset()}. */
    public OperationMetrics metrics() {
        return metrics;
    }

    public Database database() {
        return database;
    }

    public TryResult run(Trace trace) {
        ONE_TRY_AT_A_TIME.lock();
        try {
            if (observer == null) {
                observer = open();
            }
            testBed.reset(observer.connection());
            return new TryExecution(this, model, trace).run();
        } catch (SQLException e) {
            throw new IllegalStateException("the database failed outside any step (" + database.describe() + "): " + e.getMessage(), e);
        } finally {
            ONE_TRY_AT_A_TIME.unlock();
        }
    }

    Session observer() {
        return observer;
    }

    Session take() throws SQLException {
        Session pooled = idle.poll();
        return pooled != null ? pooled : open();
    }

    void giveBack(Session session) {
        try {
            if (!session.connection().getAutoCommit()) {
                session.connection().rollback();
                session.connection().setAutoCommit(true);
            }
            idle.push(session);
        } catch (SQLException e) {
            session.close();
        }
    }

    private Session open() throws SQLException {
        Connection connection = database.connect();
        return new Session(connection, protocol.client(connection));
    }

    @Override
    public void close() {
        ONE_TRY_AT_A_TIME.lock();
        try {
            idle.forEach(Session::close);
            idle.clear();
            if (observer != null) {
                observer.close();
                observer = null;
            }
        } finally {
            ONE_TRY_AT_A_TIME.unlock();
        }
    }
}
