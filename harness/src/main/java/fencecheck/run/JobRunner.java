package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.TestBed;
import fencecheck.job.JobModel;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.trace.JobTrace;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Runs job traces statement by statement, the way PostgreSQL's isolation
 * tester runs its permutations: each worker has a session of its own; a
 * statement that blocks on another session's lock is seen blocked with
 * {@code pg_isolation_test_session_is_blocked} and left waiting while the
 * next step runs. Sessions are kept across tries; one whose transaction or
 * statement a try left behind (a try that diverged) is closed when the try ends, and its server process awaited.
 */
public final class JobRunner implements AutoCloseable {

    /** How long a statement may run, neither answering nor blocked by another session of the try, before the try ends. */
    static final long STATEMENT_MILLIS = 10_000;

    private final long statementMillis;
    private final Database database;
    private final LeaseProtocol protocol;
    private final JobModel model;
    private final TestBed testBed;
    private final Map<String, JobSession> sessions = new HashMap<>();
    private final ExecutorService statements = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("fencecheck-statement-", 0).factory());
    private Connection observer;
    private long sessionsOfRestart = -1;

    public JobRunner(Database database, LeaseProtocol protocol) {
        this(database, protocol, STATEMENT_MILLIS);
    }

    /** @param statementMillis how long a statement may run, neither answering nor blocked by the try's sessions */
    public JobRunner(Database database, LeaseProtocol protocol, long statementMillis) {
        this.statementMillis = statementMillis;
        this.database = database;
        this.protocol = protocol;
        this.model = new JobModel(protocol.modelConfig());
        this.testBed = new TestBed(database, protocol);
    }

    public LeaseProtocol protocol() {
        return protocol;
    }

    public Database database() {
        return database;
    }

    public JobTryResult run(JobTrace trace) {
        TraceRunner.ONE_TRY_AT_A_TIME.lock();
        try {
            if (database.restarts() != sessionsOfRestart) {
                sessions.values().forEach(JobSession::close);
                sessions.clear();
                closeObserver();
                sessionsOfRestart = database.restarts();
            }
            if (observer == null || observer.isClosed()) {
                observer = database.connect();
            }
            for (JobSession session : sessions.values()) {
                if (session.dirty()) {
                    drop(session);
                }
            }
            testBed.reset(observer);
            try {
                return new JobExecution(this, model, trace).run();
            } finally {
                // a try that ended at a divergence may leave transactions open and statements waiting: their locks
                // would hold up the next try of any runner on this database, so they go now
                for (JobSession session : sessions.values()) {
                    if (session.dirty()) {
                        drop(session);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the database failed outside any step (" + database.describe() + "): " + e.getMessage(), e);
        } finally {
            TraceRunner.ONE_TRY_AT_A_TIME.unlock();
        }
    }

    long statementMillis() {
        return statementMillis;
    }

    Connection observer() {
        return observer;
    }

    ExecutorService statements() {
        return statements;
    }

    /** The session of a worker, the relay or the consumer, connected. */
    JobSession session(String name) throws SQLException {
        JobSession session = sessions.computeIfAbsent(name, JobSession::new);
        if (session.connection == null) {
            Connection connection = database.connect();
            session.connection = connection;
            session.backendPid = connection.unwrap(org.postgresql.PGConnection.class).getBackendPID();
            session.lease = protocol.client(connection);
            session.jobs = protocol.jobClient(connection);
        }
        return session;
    }

    Iterable<JobSession> sessions() {
        return sessions.values();
    }

    /** Closes a session a try left in a transaction or a statement, and waits, bounded, until its server process is gone. */
    void drop(JobSession session) throws SQLException {
        int pid = session.backendPid;
        if (session.pending != null) {
            session.pending.cancel(true);
        }
        session.close();
        Backends.terminate(observer, pid, statementMillis);
    }

    static void pause() {
        try {
            Thread.sleep(0, 300_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void closeObserver() {
        if (observer != null) {
            try {
                observer.close();
            } catch (SQLException ignored) {
                // it is being replaced
            }
            observer = null;
        }
    }

    @Override
    public void close() {
        TraceRunner.ONE_TRY_AT_A_TIME.lock();
        try {
            sessions.values().forEach(JobSession::close);
            sessions.clear();
            closeObserver();
            statements.shutdownNow();
        } finally {
            TraceRunner.ONE_TRY_AT_A_TIME.unlock();
        }
    }
}
