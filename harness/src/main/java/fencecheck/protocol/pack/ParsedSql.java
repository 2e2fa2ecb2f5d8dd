package fencecheck.protocol.pack;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * One statement of a pack file as JDBC will run it: the text with every
 * {@code :name} replaced by {@code ?} (and every other {@code ?} doubled, so
 * that PostgreSQL's jsonb operators survive JDBC), and the names in the
 * order of their {@code ?}s. A name used twice appears twice.
 */
public record ParsedSql(String jdbc, List<String> names) {

    public ParsedSql {
        names = List.copyOf(names);
    }

    /** Binds {@code params} to the statement's placeholders, in order. */
    public void bind(PreparedStatement statement, Params params) throws SQLException {
        for (int i = 0; i < names.size(); i++) {
            params.bind(statement, i + 1, names.get(i));
        }
    }
}
