package fencecheck.protocol.pack;

import fencecheck.protocol.SchemaPlacement;
import org.postgresql.core.BaseConnection;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Has PostgreSQL read every statement of a pack before the first try, so that a typo is one line naming its file,
 * line and column instead of an error in every try. The schema runs in a transaction that is rolled back; every
 * statement of the operations is prepared ({@code PREPARE}, which parses it and resolves its tables, columns and
 * types without running it) with its parameters typed as the adapter sends them; the deletion runs and is rolled
 * back. Statements PREPARE does not take (SET, LOCK, DO, CREATE and the other utility commands) are left to their
 * first run, and after one of them in a file only syntax errors of the rest count: what it does (a temporary
 * table, a search path) may be what the statements after it need.
 *
 * <p>Everything is sent on the driver's own session, past the harness's rewriting of clock keywords, so the
 * server's error position counts characters of the text built here ({@link SqlSource}).
 */
public final class StatementCheck {

    /** The types the adapter binds each parameter with: pgjdbc sends a Java string as varchar, a long as int8. */
    static final Map<String, String> PARAMETER_TYPES = Map.ofEntries(
            Map.entry("job_key", "varchar"), Map.entry("result_id", "varchar"), Map.entry("payload", "varchar"),
            Map.entry("business_key", "varchar"), Map.entry("owner", "uuid"), Map.entry("token", "int8"),
            Map.entry("ttl_micros", "int8"), Map.entry("outbox_id", "int8"), Map.entry(Operation.FENCE, "int8"));

    /** PostgreSQL's commands that cannot be prepared. A first word in neither list is prepared, so a typo is caught. */
    private static final Set<String> UTILITY = Set.of("ABORT", "ALTER", "ANALYZE", "BEGIN", "CALL", "CHECKPOINT", "CLOSE",
            "CLUSTER", "COMMENT", "COMMIT", "COPY", "CREATE", "DEALLOCATE", "DECLARE", "DISCARD", "DO", "DROP", "END",
            "EXECUTE", "EXPLAIN", "FETCH", "GRANT", "IMPORT", "LISTEN", "LOAD", "LOCK", "MOVE", "NOTIFY", "PREPARE",
            "REASSIGN", "REFRESH", "REINDEX", "RELEASE", "RESET", "REVOKE", "ROLLBACK", "SAVEPOINT", "SECURITY", "SET",
            "SHOW", "START", "TRUNCATE", "UNLISTEN", "VACUUM");

    /** Comments and blanks before a statement's first word, and that word (or an opening parenthesis). */
    private static final Pattern FIRST_WORD = Pattern.compile("\\A(?:\\s+|--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/)*([A-Za-z_]+|\\()",
            Pattern.DOTALL);

    private static final String SYNTAX_ERROR = "42601";
    private static final String UNDEFINED_TABLE = "42P01";
    /** PostgreSQL's words for a table a statement names and the search path does not find. */
    private static final Pattern MISSING_TABLE = Pattern.compile("relation \"([^\".]+)\" does not exist");
    private static final String IN_A_TRANSACTION_BLOCK = "25001";
    private static final String PREPARED_NAME = "fencecheck_statement_check";

    private final Connection session;

    private StatementCheck(Connection session) {
        this.session = session;
    }

    /**
     * Runs {@code schema.sql} statement by statement in a transaction and rolls it back. The session must be on the
     * search path the schema is installed with, and have the clock the schema may name.
     *
     * @throws PackException naming the file, line and column PostgreSQL refused
     */
    public static void checkSchema(Connection connection, SqlPack pack) throws SQLException {
        new StatementCheck(driverSession(connection)).inRolledBackTransaction(pack.file(Operation.SCHEMA),
                "fix it (it runs once per database, in the public schema)");
    }

    /**
     * Prepares every statement of every operation of {@code pack} and runs its deletion in a rolled-back
     * transaction; the schema must be installed and the session on the search path the tries run with.
     *
     * @throws PackException naming the file, line and column PostgreSQL refused
     */
    public static void checkStatements(Connection connection, SqlPack pack) throws SQLException {
        StatementCheck check = new StatementCheck(driverSession(connection));
        for (Operation operation : Operation.values()) {
            if (!operation.isPlainSql()) {
                pack.find(operation).ifPresent(check::prepareEach);
            }
        }
        check.inRolledBackTransaction(pack.file(Operation.DELETE_ALL), "fix it (it runs before every try)");
    }

    private static Connection driverSession(Connection connection) throws SQLException {
        // the harness's sessions rewrite clock keywords, which would move the server's error positions
        return connection.isWrapperFor(BaseConnection.class) ? connection.unwrap(BaseConnection.class) : connection;
    }

    private void prepareEach(PackFile file) {
        boolean afterUtility = false;
        for (ParsedSql statement : file.statements()) {
            SqlSource source = statement.source();
            if (source == null) {
                continue;
            }
            String word = firstWord(source.server());
            if (UTILITY.contains(word)) {
                afterUtility = true;
                continue;
            }
            String types = statement.names().stream().map(StatementCheck::typeOf).collect(Collectors.joining(", "));
            String prefix = "PREPARE " + PREPARED_NAME + (types.isEmpty() ? "" : "(" + types + ")") + " AS ";
            try (Statement s = plain()) {
                s.execute(prefix + source.server());
                s.execute("DEALLOCATE " + PREPARED_NAME);
            } catch (SQLException e) {
                if (!afterUtility || SYNTAX_ERROR.equals(e.getSQLState())) {
                    throw refused(file, source, prefix.length(), e, whereItIs(e).orElse("fix the statement; PostgreSQL could"
                            + " not prepare it, so no try was run"));
                }
            }
        }
    }

    /** For a table the statement did not find: the schema that holds it, where a worker's session does not look. */
    private Optional<String> whereItIs(SQLException e) {
        Matcher missing = e.getSQLState() != null && e.getSQLState().equals(UNDEFINED_TABLE) && e.getMessage() != null
                ? MISSING_TABLE.matcher(e.getMessage()) : null;
        if (missing == null || !missing.find()) {
            return Optional.empty();
        }
        try {
            return SchemaPlacement.elsewhere(session, missing.group(1));
        } catch (SQLException lookupFailed) {
            return Optional.empty();
        }
    }

    /** Runs the file's statements one by one in a transaction, then rolls it back. */
    private void inRolledBackTransaction(PackFile file, String fix) throws SQLException {
        boolean autoCommit = session.getAutoCommit();
        session.setAutoCommit(false);
        try (Statement s = plain()) {
            s.execute("set local lock_timeout = '5s'");
            for (ParsedSql statement : file.statements()) {
                SqlSource source = statement.source();
                if (source == null) {
                    continue;
                }
                try {
                    s.execute(source.server());
                } catch (SQLException e) {
                    if (IN_A_TRANSACTION_BLOCK.equals(e.getSQLState())) {
                        // e.g. CREATE INDEX CONCURRENTLY: only the install itself can run it
                        return;
                    }
                    throw refused(file, source, 0, e, fix);
                }
            }
        } finally {
            session.rollback();
            session.setAutoCommit(autoCommit);
        }
    }

    private Statement plain() throws SQLException {
        Statement s = session.createStatement();
        // the text goes to the server as written: no JDBC escapes ({fn ...}) taken out of it
        s.setEscapeProcessing(false);
        return s;
    }

    /**
     * The one line for a statement the server refused: the file, the line and column it pointed at (or where the
     * statement starts, when it pointed at none), its message and hint, and what to do.
     *
     * @param before characters sent before the statement's own text
     */
    static PackException refused(PackFile file, SqlSource source, int before, SQLException e, String fix) {
        ServerErrorMessage server = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
        String message = server != null && server.getMessage() != null ? server.getMessage()
                : String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
        int position = server == null ? 0 : server.getPosition();
        String where = position > before ? source.at(position - 1 - before).toString()
                : "line " + source.start().line() + " (the statement that starts there)";
        String hint = server == null || server.getHint() == null ? "" : " (" + server.getHint() + ")";
        return new PackException(file.source() + " " + where + ": " + message + hint + "; " + fix);
    }

    private static String typeOf(String parameter) {
        String type = PARAMETER_TYPES.get(parameter);
        if (type == null) {
            // the loader accepts only the operation's names, and each has a type above
            throw new IllegalStateException("no SQL type for :" + parameter);
        }
        return type;
    }

    /** The statement's first word, upper case, or {@code (} ; empty when it starts with neither. */
    static String firstWord(String sql) {
        Matcher m = FIRST_WORD.matcher(sql);
        return m.find() ? m.group(1).toUpperCase(Locale.ROOT) : "";
    }
}
