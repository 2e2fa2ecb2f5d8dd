package fencecheck.run;

import eu.rekawek.toxiproxy.Proxy;
import fencecheck.db.Database;
import fencecheck.db.TestBed;
import fencecheck.faults.proxy.FaultProxies;
import fencecheck.faults.proxy.FaultProxyServer;
import fencecheck.model.LeaseModel;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.trace.Trace;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs traces one step at a time against the model and the database, in lock
 * step. Sessions are pooled across tries; each try starts from empty tables
 * and clock zero, so a try never sees another's data. With fault proxies,
 * every worker session goes through a Toxiproxy proxy of its own; the
 * observer that reads rows for the checks never does.
 */
public final class TraceRunner implements AutoCloseable {

    /**
     * One try at a time per JVM: the database is shared, and a property
     * engine may still be shrinking on another thread when the next starts.
     */
    static final ReentrantLock ONE_TRY_AT_A_TIME = new ReentrantLock();
    private static final AtomicInteger PROXY_NUMBER = new AtomicInteger();
    /** How long a server process may take to go away after its client did. */
    private static final long BACKEND_EXIT_MILLIS = 10_000;

    private final Database database;
    private final LeaseProtocol protocol;
    private final LeaseModel model;
    private final TestBed testBed;
    /** The virtual time as a Java clock, for an implementation that reads time from Java. */
    private final fencecheck.db.VirtualTimeClock clock = new fencecheck.db.VirtualTimeClock();
    private final boolean throughFaultProxies;
    private final Deque<Session> idle = new ArrayDeque<>();
    private final OperationMetrics metrics = new OperationMetrics();
    private final FaultTimings faultTimings = new FaultTimings();
    private Session observer;
    /** The database's restart count when this runner's sessions were opened. */
    private long sessionsOfRestart;
    /** Runs the statements the network holds, so the steps after them can go on meanwhile. */
    private final ExecutorService held = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("fencecheck-held-", 0).factory());

    public TraceRunner(Database database, LeaseProtocol protocol) {
        this(database, protocol, false);
    }

    /** @param throughFaultProxies whether worker sessions go through fault proxies, so traces may hold network faults */
    public TraceRunner(Database database, LeaseProtocol protocol, boolean throughFaultProxies) {
        this.database = database;
        this.protocol = protocol;
        this.model = new LeaseModel(protocol.modelConfig());
        this.testBed = new TestBed(database, protocol);
        protocol.useClock(clock);
        this.throughFaultProxies = throughFaultProxies;
    }

    public LeaseProtocol protocol() {
        return protocol;
    }

    /** Moves the database's clock and the Java clock together. */
    void setClock(java.sql.Connection connection, long micros) throws SQLException {
        fencecheck.db.VirtualClock.set(connection, micros);
        clock.set(micros);
    }

    /** Figures over every try this runner ran since the last {@link OperationMetrics#reset()}. */
    public OperationMetrics metrics() {
        return metrics;
    }

    /** How long the injected faults took in real time (database restarts above all). */
    public FaultTimings faultTimings() {
        return faultTimings;
    }

    public Database database() {
        return database;
    }

    public boolean throughFaultProxies() {
        return throughFaultProxies;
    }

    public TryResult run(Trace trace) {
        ONE_TRY_AT_A_TIME.lock();
        try {
            if (database.restarts() != sessionsOfRestart) {
                // another runner crashed the server: every session this runner keeps is gone
                idle.forEach(this::discard);
                idle.clear();
                if (observer != null) {
                    observer.closeConnection();
                    observer = null;
                }
                sessionsOfRestart = database.restarts();
            }
            if (observer == null) {
                observer = open();
                durableBookkeeping(observer);
            }
            testBed.reset(observer.connection());
            clock.set(0);
            // a fresh try is a fresh application: nothing the coordinator kept belongs to the emptied tables
            protocol.restartCoordinator();
            TryResult result = new TryExecution(this, model, trace).run();
            metrics.recordFaults(result);
            return result;
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
            if (session.connection == null || session.connection.isClosed()) {
                discard(session);
                return;
            }
            if (!session.connection.getAutoCommit()) {
                session.connection.rollback();
                session.connection.setAutoCommit(true);
            }
            idle.push(session);
        } catch (SQLException e) {
            discard(session);
        }
    }

    /** Closes the session and deletes its proxy: whatever the proxy still holds never arrives. */
    void discard(Session session) {
        // the proxy goes first: it cuts the sockets, so a statement it still holds fails at once instead of
        // keeping the connection busy until the socket timeout
        if (session.proxy != null) {
            try {
                session.proxy.delete();
            } catch (IOException ignored) {
                // a proxy that cannot be deleted carries no more traffic once its client is closed
            }
        }
        session.closeConnection();
    }

    private Session open() throws SQLException {
        Proxy proxy = null;
        if (throughFaultProxies) {
            try {
                proxy = FaultProxies.server().createProxy("fencecheck-" + PROXY_NUMBER.incrementAndGet(),
                        database.host(), database.port());
            } catch (IOException e) {
                throw new SQLException("cannot create a fault proxy on " + FaultProxies.server().description() + ": " + e.getMessage(), e);
            }
        }
        Session session = new Session(proxy);
        connect(session);
        return session;
    }

    /** A new connection for the session (through its proxy, if any), with a new client. */
    void connect(Session session) throws SQLException {
        session.closeConnection();
        Connection connection;
        if (session.proxy != null) {
            FaultProxyServer server = FaultProxies.server();
            InetSocketAddress address = server.connectAddress(session.proxy);
            connection = database.connectThrough(address.getHostString(), address.getPort());
        } else {
            connection = database.connect();
        }
        session.backendPid = connection.unwrap(org.postgresql.PGConnection.class).getBackendPID();
        session.connection = connection;
        session.client = protocol.client(connection);
    }

    /** Waits, bounded, until the server process of a session that is gone has exited (its transaction with it). */
    void awaitBackendGone(int pid) throws SQLException {
        Backends.awaitGone(observer.connection(), pid, BACKEND_EXIT_MILLIS);
    }

    /** Terminates a session's server process from the observer, as a crash of its client would end it. */
    void terminateBackend(int pid) throws SQLException {
        Backends.terminate(observer.connection(), pid, BACKEND_EXIT_MILLIS);
    }

    /**
     * Crashes the server and starts it again on the same data; every pooled
     * session is dropped and the observer reconnects. The caller reconnects
     * the sessions it holds.
     */
    void crashDatabase() throws SQLException {
        long started = System.nanoTime();
        database.crashAndRestart();
        sessionsOfRestart = database.restarts();
        faultTimings.databaseRestart(System.nanoTime() - started);
        idle.forEach(this::discard);
        idle.clear();
        connect(observer);
        durableBookkeeping(observer);
    }

    /**
     * The harness's own commits (the reset, the clock) are synchronous whatever
     * the implementation sets for its sessions, so a crash test judges only the
     * implementation's commits.
     */
    private static void durableBookkeeping(Session observer) throws SQLException {
        try (java.sql.Statement s = observer.connection().createStatement()) {
            s.execute("set synchronous_commit to on");
        }
    }

    <T> Future<T> background(Callable<T> statement) {
        return held.submit(statement);
    }

    @Override
    public void close() {
        ONE_TRY_AT_A_TIME.lock();
        try {
            idle.forEach(this::discard);
            idle.clear();
            if (observer != null) {
                observer.closeConnection();
                observer = null;
            }
            held.shutdownNow();
        } finally {
            ONE_TRY_AT_A_TIME.unlock();
        }
    }
}
