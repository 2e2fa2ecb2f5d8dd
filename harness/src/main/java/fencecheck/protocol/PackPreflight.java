package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.db.TestBed;
import fencecheck.db.VirtualClock;
import fencecheck.protocol.pack.StatementCheck;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Installs an implementation's tables before the first try, checks that none landed where a worker's session does
 * not look ({@link SchemaPlacement}) and, for a SQL pack, has PostgreSQL read every one of its statements first
 * ({@link StatementCheck}): a statement the server refuses stops the run with one line naming the file, line and
 * column (and, for a table a schema put in another schema, where it is), where it would otherwise fail every try.
 */
public final class PackPreflight {

    /** The search path a schema is installed with (see {@link TestBed#install}): its tables go to {@code public}. */
    private static final String INSTALL_SEARCH_PATH = VirtualClock.SEARCH_PATH;

    private PackPreflight() {
    }

    /**
     * For a SQL pack: its schema run and rolled back, then installed, then every statement prepared. For any other
     * implementation: its schema installed. For both: no table of theirs in the clock's schema.
     *
     * @throws fencecheck.protocol.pack.PackException in one line, for a statement PostgreSQL refused
     * @throws IllegalStateException                 in one line, for a table left in the clock's schema
     * @throws SQLException                           when the database cannot be reached or the install fails otherwise
     */
    public static void install(Database database, LeaseProtocol protocol) throws SQLException {
        if (protocol instanceof SqlLeaseProtocol sql) {
            try (Connection c = database.connect()) {
                try (Statement s = c.createStatement()) {
                    s.execute("set search_path to " + INSTALL_SEARCH_PATH);
                }
                StatementCheck.checkSchema(c, sql.pack());
            }
        }
        new TestBed(database, protocol).install();
        try (Connection c = database.connect()) {
            SchemaPlacement.check(c, protocol.name());
            if (protocol instanceof SqlLeaseProtocol sql) {
                StatementCheck.checkStatements(c, sql.pack());
            }
        }
    }
}
