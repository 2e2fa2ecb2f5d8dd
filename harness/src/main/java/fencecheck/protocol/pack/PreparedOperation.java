package fencecheck.protocol.pack;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The statements of one pack file, prepared on one connection. A call runs
 * them one after another, in whatever transaction the connection is in (each
 * its own in autocommit); the last one's rows are the answer. Between two of
 * them it passes {@link BetweenStatements#point}: there the runner may stop
 * the call while other sessions go on (a trace's {@code split} step), so no
 * file may count on its statements running back to back.
 */
public final class PreparedOperation implements AutoCloseable {

    private final PackFile file;
    private final List<PreparedStatement> statements = new ArrayList<>();

    public PreparedOperation(Connection connection, PackFile file) throws SQLException {
        this.file = file;
        try {
            for (ParsedSql statement : file.statements()) {
                statements.add(connection.prepareStatement(statement.jdbc()));
            }
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Where its SQL came from, for messages. */
    public String source() {
        return file.source();
    }

    /**
     * Runs every statement and returns the last one's rows (the caller closes them).
     *
     * @throws IllegalStateException when the last statement returns no rows at all (an UPDATE without RETURNING)
     */
    public ResultSet query(Params params) throws SQLException {
        PreparedStatement last = runAllButLast(params);
        if (!last.execute()) {
            throw new IllegalStateException(file.source() + " returned no result: its last statement must return rows"
                    + " (" + file.operation().returns() + "), e.g. with RETURNING");
        }
        return last.getResultSet();
    }

    /** Runs every statement, for an operation whose answer is only that it ran. */
    public void run(Params params) throws SQLException {
        runAllButLast(params).execute();
    }

    /** Binds every statement, runs all but the last, and returns the last one bound. */
    private PreparedStatement runAllButLast(Params params) throws SQLException {
        for (int i = 0; i < statements.size(); i++) {
            file.statements().get(i).bind(statements.get(i), params);
            if (i < statements.size() - 1) {
                statements.get(i).execute();
                BetweenStatements.point(file.source(), i + 1, statements.size());
            }
        }
        return statements.getLast();
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement s : statements) {
            try {
                s.close();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
