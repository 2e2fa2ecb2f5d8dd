package fencecheck.protocol;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The columns an inspection query returns, checked by name: the adapter
 * reads them by name, so a pack may return them in any order, and one it
 * forgot or misspelt is told in one line rather than as a driver error.
 */
final class ResultColumns {

    private ResultColumns() {
    }

    /**
     * The labels of {@code rows}, lower case.
     *
     * @throws IllegalStateException naming the file and the columns it must return when one of {@code required} is missing
     */
    static List<String> require(ResultSet rows, String source, List<String> required, List<String> optional) throws SQLException {
        ResultSetMetaData meta = rows.getMetaData();
        List<String> labels = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            labels.add(meta.getColumnLabel(i).toLowerCase(Locale.ROOT));
        }
        if (!labels.containsAll(required)) {
            throw new IllegalStateException(source + " returned the columns " + String.join(", ", labels) + "; it must return "
                    + String.join(", ", required) + (optional.isEmpty() ? "" : " (and may return " + String.join(", ", optional) + ")"));
        }
        return labels;
    }
}
