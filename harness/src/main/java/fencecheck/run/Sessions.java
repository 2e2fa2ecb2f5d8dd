package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Backends;
import fencecheck.db.Database;
import fencecheck.faults.proxy.FaultProxies;
import org.postgresql.PGConnection;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The sessions of a runner's tries and the observer's, kept across tries: a session connects when first used, and
 * one a try is done with keeps its connection or is dropped. A database restart ends them all, and the observer
 * reconnects at once.
 */
final class Sessions {

    private static final AtomicLong PROXY_NUMBER = new AtomicLong();
    private static final int SPARES = 2;

    private final Database database;
    private final LeaseProtocol protocol;
    private final boolean throughFaultProxies;
    private final long statementMillis;
    /** The runner's statement threads, which also open the spare connections. */
    private final ExecutorService statements;
    /**
     * Whether statements still run on the runner's own thread: once they do not, the implementation holds locks
     * outside transactions, so even a session with no transaction open may hold one.
     */
    private final BooleanSupplier inlineStatements;
    private final Map<String, Session> sessions = new HashMap<>();
    /** Reads rows and the clock, and asks whether a statement waits; never takes part in a try. */
    private final Session observer = new Session("observer");
    private long sessionsOfRestart = -1;
    /**
     * Connections opened ahead, never used: a restart or a fault drops a session, and its successor takes a
     * fresh connection (a new server process, as a real restart gets) without waiting for the connect.
     */
    private final ConcurrentLinkedDeque<Connection> spares = new ConcurrentLinkedDeque<>();

    Sessions(Database database, LeaseProtocol protocol, boolean throughFaultProxies, long statementMillis,
             ExecutorService statements, BooleanSupplier inlineStatements) {
        this.database = database;
        this.protocol = protocol;
        this.throughFaultProxies = throughFaultProxies;
        this.statementMillis = statementMillis;
        this.statements = statements;
        this.inlineStatements = inlineStatements;
    }

    /**
     * Before a try: sessions of an earlier incarnation of the database are closed, the observer is connected, and
     * a session an earlier try left in a transaction or a statement is dropped.
     */
    void readyForTry() throws SQLException {
        if (database.restarts() != sessionsOfRestart) {
            closeSpares();
            sessions.values().forEach(Session::close);
            sessions.clear();
            observer.close();
            sessionsOfRestart = database.restarts();
        }
        if (observer.connection == null || observer.connection.isClosed()) {
            connectObserver();
        }
        dropDirty();
    }

    /** The observer's clients, to read rows as committed. */
    Session observer() {
        return observer;
    }

    /** The session of a worker, the relay or the consumer, connected. */
    Session connected(String name) throws SQLException {
        Session session = sessions.computeIfAbsent(name, Session::new);
        if (session.connection == null) {
            connect(session);
        }
        return session;
    }

    /** A session that exists, connected or not, without connecting it; null when there is none of that name. */
    Session existing(String name) {
        return sessions.get(name);
    }

    Iterable<Session> all() {
        return sessions.values();
    }

    /** A worker's session goes through a fault proxy of its own when the runner injects network faults. */
    private void connect(Session session) throws SQLException {
        if (throughFaultProxies && session.proxy == null && session.name.matches("w\\d.*")) {
            try {
                session.proxy = FaultProxies.server().createProxy(
                        "fencecheck-job-" + PROXY_NUMBER.incrementAndGet(), database.host(), database.port());
            } catch (IOException e) {
                throw new SQLException("cannot create a fault proxy on " + FaultProxies.server().description()
                        + ": " + e.getMessage(), e);
            }
        }
        Connection connection;
        if (session.proxy != null) {
            InetSocketAddress address = FaultProxies.server().connectAddress(session.proxy);
            connection = database.connectThrough(address.getHostString(), address.getPort());
        } else {
            Connection spare = spares.poll();
            connection = spare != null && !spare.isClosed() ? spare : database.connect();
            replenishSpares();
        }
        session.connection = connection;
        session.backendPid = connection.unwrap(PGConnection.class).getBackendPID();
        session.lease = protocol.client(connection);
        // a lease-only implementation's writes still run inside begin ... rollback: the runner opens that transaction itself
        session.jobs = protocol.hasJobTransaction() ? protocol.jobClient(connection) : new TransactionsOnly(connection);
    }

    void dropDirty() throws SQLException {
        for (Session session : sessions.values()) {
            if (session.dirty()) {
                drop(session);
            }
        }
    }

    /** Drops every connected session, each whatever it holds; one whose drop fails is gone with its connection. */
    void dropConnected() {
        sessions.values().stream().filter(x -> x.connection != null).forEach(this::dropQuietly);
    }

    private void dropQuietly(Session session) {
        try {
            drop(session);
        } catch (SQLException ignored) {
            // its server process goes when its connection does
        }
    }

    /** Opens connections ahead on a thread of their own, up to {@link #SPARES}; one that fails is simply not there. */
    private void replenishSpares() {
        if (spares.size() >= SPARES || statements.isShutdown()) {
            return;
        }
        long restart = database.restarts();
        statements.submit(() -> {
            try {
                Connection c = database.connect();
                if (database.restarts() == restart && spares.size() < SPARES) {
                    spares.add(c);
                } else {
                    c.close();
                }
            } catch (SQLException | RuntimeException ignored) {
                // the next session connects itself
            }
        });
    }

    private void closeSpares() {
        for (Connection c; (c = spares.poll()) != null; ) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // a spare nobody used
            }
        }
    }

    /**
     * An incarnation dies. A session that holds nothing (no transaction, no
     * statement, no proxy) keeps its connection, parked under the dead
     * incarnation's name until a later try's incarnation of that name takes
     * it, as every session is kept across tries; only the locks it holds
     * outside transactions are released now, as its death would. Any other
     * session is dropped.
     */
    void retire(Session session) throws SQLException {
        if (!inlineStatements.getAsBoolean() || session.proxy != null || session.connection == null || session.dirty()) {
            drop(session);
            return;
        }
        try (Statement s = session.connection.createStatement()) {
            s.execute("select pg_catalog.pg_advisory_unlock_all()");
        }
    }

    /** Closes a session a try left in a transaction or a statement, and waits, bounded, until its server process is gone. */
    void drop(Session session) throws SQLException {
        int pid = session.backendPid;
        // a session in a transaction or a statement holds locks others may wait for: its server process must be gone
        // before the try goes on; an idle one holds none, and its process exits on its own when the socket closes
        boolean holdsLocks = session.dirty();
        // the proxy goes first: deleting it cuts its sockets, so a statement it still holds never reaches the
        // database (removing the hold would deliver it), and nothing it holds or loses touches the next connection,
        // which gets a proxy of its own
        session.deleteProxy();
        if (session.pending != null) {
            session.pending.cancel(true);
        }
        session.close();
        if (holdsLocks || !inlineStatements.getAsBoolean()) {
            Backends.terminate(observer.connection, pid, statementMillis);
        }
    }

    /** After a database restart or failover: every session's connection is gone, and the observer reconnects now. */
    void reconnectAfterRestart() throws SQLException {
        closeSpares();
        for (Session session : sessions.values()) {
            if (session.pending != null) {
                session.pending.cancel(true);
            }
            session.close();
        }
        sessionsOfRestart = database.restarts();
        observer.close();
        connectObserver();
    }

    private void connectObserver() throws SQLException {
        connect(observer);
        try (Statement s = observer.connection.createStatement()) {
            // the harness's own commits (the clock) are durable whatever the implementation sets for its sessions
            s.execute("set synchronous_commit to on");
            // the observer reads each key's rows after nearly every step with the same few statements: planned
            // once, not for each read (a row inspection takes about a third less; its answer is the same)
            s.execute("set plan_cache_mode to force_generic_plan");
        }
    }

    /** Closes every session, its fault proxy and the observer, and the connections opened ahead. */
    void close() {
        sessions.values().forEach(Session::close);
        sessions.values().forEach(Session::deleteProxy);
        sessions.clear();
        closeSpares();
        observer.close();
    }
}
