package fencecheck.db;

import fencecheck.api.LeaseProtocol;
import fencecheck.protocol.DeletesWithSql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A database prepared for one protocol: the virtual clock and the protocol's
 * tables installed (once per JVM), and a reset that empties the tables and
 * puts the clock back to 0 between tries.
 */
public final class TestBed {

    /** The protocols already installed in this JVM, per database instance. */
    private static final Map<Database, Set<String>> INSTALLED = new ConcurrentHashMap<>();

    /** Serialises installs of concurrent harness JVMs on one server. */
    private static final long INSTALL_LOCK = 0x66656e6365L;

    /**
     * A row lock left behind by a session still in a transaction fails the
     * reset after 5 s instead of hanging it. The reset commits like any other
     * transaction (synchronously), so a database crash right after it cannot
     * bring the previous try's rows back.
     */
    private static final String RESET_PREFIX = "select pg_catalog.set_config('lock_timeout', '5s', true);\n";

    /** The search path a protocol's schema is installed with: the one its sessions run with. */
    static final String INSTALL_SEARCH_PATH = VirtualClock.SEARCH_PATH;

    private final Database database;
    private final LeaseProtocol protocol;
    private final String resetSql;

    public TestBed(Database database, LeaseProtocol protocol) {
        this.database = database;
        this.protocol = protocol;
        this.resetSql = protocol instanceof DeletesWithSql sql
                ? RESET_PREFIX + sql.deleteAllRowsSql().strip().replaceAll(";$", "") + ";\n" + VirtualClock.SET_SQL
                : null;
    }

    public Database database() {
        return database;
    }

    public LeaseProtocol protocol() {
        return protocol;
    }

    /**
     * Creates the clock schema and the protocol's tables if this JVM has not
     * yet done so for this database and protocol. The protocol's
     * {@code installSchema} runs with the search path {@value #INSTALL_SEARCH_PATH}:
     * its tables are created in {@code public}, not in the clock schema, and a
     * {@code now()} it names in a column default or a view, which PostgreSQL
     * binds when the table or view is created, is the clock schema's.
     */
    public void install() throws SQLException {
        String key = protocol.getClass().getName() + " " + protocol.name();
        Set<String> installed = INSTALLED.computeIfAbsent(database, d -> ConcurrentHashMap.newKeySet());
        if (installed.contains(key)) {
            return;
        }
        synchronized (installed) {
            if (installed.contains(key)) {
                return;
            }
            try (Connection c = database.connect()) {
                advisoryLock(c, "pg_advisory_lock");
                try (Statement s = c.createStatement()) {
                    VirtualClock.install(c);
                    s.execute("set search_path to " + INSTALL_SEARCH_PATH);
                    protocol.installSchema(c);
                }
                advisoryLock(c, "pg_advisory_unlock");
            }
            installed.add(key);
        }
    }

    private static void advisoryLock(Connection c, String function) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select pg_catalog." + function + "(?)")) {
            s.setLong(1, INSTALL_LOCK);
            s.execute();
        }
    }

    /**
     * Deletes every row of the protocol and sets the clock to 0, in one round
     * trip and one transaction when the protocol's deletion is plain SQL
     * ({@link DeletesWithSql}), else in two. Installs first if needed.
     */
    public void reset(Connection connection) throws SQLException {
        install();
        if (resetSql == null) {
            protocol.deleteAllRows(connection);
            VirtualClock.set(connection, 0);
            return;
        }
        try (PreparedStatement s = connection.prepareStatement(resetSql)) {
            s.setObject(1, VirtualClock.toTimestamp(0));
            s.execute();
        }
    }
}
