package fencecheck.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where text fits in the timeline. No browser measures anything here (the
 * page has no script), so widths are estimated generously from the
 * characters, and labels that would overlap go to the next free row.
 */
final class TimelineText {

    private TimelineText() {
    }

    /** An estimate, on the wide side, of the width of {@code text} in a sans-serif font of {@code size} px. */
    static double width(String text, double size) {
        double em = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (" .,:;'|!ijlI()[]".indexOf(c) >= 0) {
                em += 0.34;
            } else if ("frt".indexOf(c) >= 0) {
                em += 0.45;
            } else if ("mwMW".indexOf(c) >= 0) {
                em += 0.92;
            } else if (Character.isUpperCase(c)) {
                em += 0.72;
            } else if (c < 128) {
                em += 0.62;
            } else {
                em += 0.8;
            }
        }
        return em * size + 2;
    }

    /** Text seconds of the virtual clock, without the trailing zeros: {@code 10s}, {@code 10.000001s}, {@code 0.5s}. */
    static String seconds(long micros) {
        String s = Html.time(micros);
        return s.replaceFirst("\\.?0+s$", "s");
    }

    /** Rows of horizontal intervals: each new one goes to the first row where it overlaps nothing. */
    static final class Rows {
        private static final double PADDING = 5;
        private final List<List<double[]>> rows = new ArrayList<>();

        /** The row (0-based, {@code from} or below) where {@code [x0, x1]} is free; it is taken. */
        int place(double x0, double x1, int from) {
            int row = from;
            while (row < rows.size() && overlaps(rows.get(row), x0, x1)) {
                row++;
            }
            while (rows.size() <= row) {
                rows.add(new ArrayList<>());
            }
            rows.get(row).add(new double[]{x0, x1});
            return row;
        }

        /** Whether {@code [x0, x1]} is free in {@code row}; if it is, it is taken. */
        boolean tryPlace(double x0, double x1, int row) {
            while (rows.size() <= row) {
                rows.add(new ArrayList<>());
            }
            if (overlaps(rows.get(row), x0, x1)) {
                return false;
            }
            rows.get(row).add(new double[]{x0, x1});
            return true;
        }

        int count() {
            return rows.size();
        }

        private static boolean overlaps(List<double[]> row, double x0, double x1) {
            for (double[] taken : row) {
                if (x0 < taken[1] + PADDING && taken[0] < x1 + PADDING) {
                    return true;
                }
            }
            return false;
        }
    }
}
