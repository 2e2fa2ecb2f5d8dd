package fencecheck.run;

import java.util.List;

/** Rows of text cells as aligned columns, two spaces apart, for the trace tables. */
final class Columns {

    private Columns() {
    }

    static String align(List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(row[i]).append(" ".repeat(width[i] - row[i].length())).append("  ");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
