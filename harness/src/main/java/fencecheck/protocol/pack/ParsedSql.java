package fencecheck.protocol.pack;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One statement of a pack file as JDBC will run it: the text with every
 * {@code :name} replaced by {@code ?} (and every other {@code ?} doubled, so
 * that PostgreSQL's jsonb operators survive JDBC), and the names in the
 * order of their {@code ?}s. A name used twice appears twice. {@code source} is the same statement as the
 * server reads it, with where each character came from in the file (null when it was not read from one).
 */
public record ParsedSql(String jdbc, List<String> names, SqlSource source) {

    public ParsedSql {
        names = List.copyOf(names);
    }

    /** A statement not read from a file. */
    public ParsedSql(String jdbc, List<String> names) {
        this(jdbc, names, null);
    }

    /** Binds {@code params} to the statement's placeholders, in order. */
    public void bind(PreparedStatement statement, Params params) throws SQLException {
        for (int i = 0; i < names.size(); i++) {
            params.bind(statement, i + 1, names.get(i));
        }
    }
}
