package fencecheck.protocol;

import fencecheck.db.SqlResources;
import fencecheck.db.VirtualClock;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where an implementation's tables landed, as a worker's session sees them. A lock-step session's search path is
 * {@value VirtualClock#SEARCH_PATH} and a real-time one's {@code public}: an unqualified name finds a table in
 * {@code public}, and none in another schema. A table a schema (or a library on its first use) put elsewhere is either
 * not found at all or, where one of the same name is in {@code public} too, not the one fencecheck installed and the
 * kit put its triggers on. Both are said in one line before the first try.
 */
@API(status = API.Status.INTERNAL)
public final class SchemaPlacement {

    private static final String ELSEWHERE = SqlResources.load("tables_elsewhere.sql");
    private static final String IN_CLOCK_SCHEMA = SqlResources.load("tables_in_clock_schema.sql");

    private SchemaPlacement() {
    }

    /**
     * Refuses an implementation that left a table in the clock's schema, which a real-time session does not search
     * and which, before {@code public} on a lock-step session's path, would hide a table of the same name there.
     *
     * @throws IllegalStateException in one line naming the tables and what to do
     */
    public static void check(Connection connection, String implementation) throws SQLException {
        List<String> tables = names(connection, IN_CLOCK_SCHEMA, VirtualClock.SCHEMA);
        if (!tables.isEmpty()) {
            throw new IllegalStateException(implementation + " left table " + String.join(", ", tables.stream()
                    .map(t -> VirtualClock.SCHEMA + "." + t).toList()) + " in fencecheck's clock schema, where a real-time session"
                    + " does not look and no table of an implementation belongs: create it in public (without a schema name,"
                    + " and without a search_path of its own)");
        }
    }

    /**
     * Why a statement did not find table {@code name}: the schemas other than {@code public} that hold one, and what
     * to do; empty when no schema does (a typo, or a table never created).
     */
    public static Optional<String> elsewhere(Connection connection, String name) throws SQLException {
        List<String> schemas = names(connection, ELSEWHERE, name);
        if (schemas.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("the schema left table " + name + " in schema " + String.join(", ", schemas) + ", where a worker's"
                + " session does not look (its search path is " + VirtualClock.SEARCH_PATH + " in lock step, public in real"
                + " time): create it in public, without a schema name or a search_path of its own; no try was run");
    }

    private static List<String> names(Connection connection, String sql, String parameter) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            s.setString(1, parameter);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }
}
