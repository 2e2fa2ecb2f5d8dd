package fencecheck.report;

import fencecheck.report.TimelineModel.Judgement;

import java.util.Locale;

/** The SVG of the timeline's marks and colours, shared by the drawing and its legend's swatches. */
final class TimelineShapes {

    static final String LEASE = "#5c7cfa";
    static final String LEASE_OP = "#3949ab";
    static final String EXPIRY = "#c62828";
    static final String WAIT = "#8e24aa";
    static final String HELD = "#6d4c41";
    static final String SPLIT = "#00838f";
    static final String FAULT = "#f57c00";
    static final String TEXT = "#37474f";
    static final String MUTED = "#5b6474";
    static final String FAILOVER = "#1565c0";
    static final String FAILOVER_FILL = "#90caf9";
    /** Something committed and acknowledged that a failover took away. */
    static final String LOST_COMMIT = "#ad1457";

    private TimelineShapes() {
    }

    static String colour(Judgement j) {
        return switch (j) {
            case ACCEPTED -> "#2e7d32";
            case REFUSED -> "#8d96a3";
            case ACCEPTED_STALE -> "#d32f2f";
            case REFUSED_WRONGLY -> "#ef6c00";
            case LOST -> "#607d8b";
            case ERROR -> "#b71c1c";
        };
    }

    /** Transaction spans by how they ended: fill, stroke, dashes. */
    static String[] span(String end) {
        return switch (end == null ? "open" : end) {
            case "committed" -> new String[]{"#e8f5e9", "#43a047", ""};
            case "rolled-back" -> new String[]{"#f1f3f5", "#90a4ae", "5 3"};
            case "error" -> new String[]{"#fdecea", "#c62828", "5 3"};
            default -> new String[]{"#fff8e1", "#f9a825", "2 2"};
        };
    }

    static String shade(String kind) {
        return switch (kind) {
            case "paused" -> "#f0c36d";
            case "zombie" -> "#ab47bc";
            default -> "#90a4ae";
        };
    }

    /**
     * One mark centred on (cx, cy). {@code kind} is the mark's kind; judged marks
     * ({@code write}, {@code delivery}) take their colour from {@code judgement}.
     */
    static String mark(String kind, Judgement judgement, String letter, double cx, double cy) {
        boolean rolledBack = kind.endsWith("rolled-back");
        String base = kind.split(" ")[0];
        if (judgement != null && (base.equals("write") || base.equals("delivery") || base.equals("error"))) {
            return judged(judgement, letter, rolledBack, cx, cy);
        }
        if (base.equals("commit") && judgement == Judgement.ACCEPTED_STALE) {
            // the commit that let a stale job's rows in: red like any stale acceptance, its check mark kept
            return f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\" stroke=\"#7f0000\" stroke-width=\"2\"/>"
                    + "<path d=\"M %.1f %.1f l 2.6 2.8 l 4.6 -5.6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>",
                    cx, cy, colour(Judgement.ACCEPTED_STALE), cx - 3.6, cy);
        }
        return switch (base) {
            case "grant" -> f("<path d=\"M %.1f %.1f l 8 8 l -8 8 l -8 -8 z\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"1.5\"/>",
                    cx, cy - 8, LEASE_OP);
            case "grant-lost" -> f("<path d=\"M %.1f %.1f l 8 8 l -8 8 l -8 -8 z\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
                    cx, cy - 8, LEASE_OP);
            case "busy" -> f("<rect x=\"%.1f\" y=\"%.1f\" width=\"11\" height=\"11\" fill=\"#fff\" stroke=\"#78909c\" stroke-width=\"2\"/>",
                    cx - 5.5, cy - 5.5);
            case "renew" -> f("<path d=\"M %.1f %.1f v 18 M %.1f %.1f l 4 -4 l 4 4\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                    cx, cy - 9, cx - 4, cy - 5, LEASE_OP);
            case "release" -> f("<path d=\"M %.1f %.1f v 16 M %.1f %.1f h -9\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                    cx + 3, cy - 8, cx + 3, cy, LEASE_OP);
            case "rejected" -> f("<path d=\"M %.1f %.1f l 10 10 M %.1f %.1f l -10 10\" stroke=\"#b0485a\" stroke-width=\"2.5\"/>",
                    cx - 5, cy - 5, cx + 5, cy - 5);
            case "lost" -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
                    cx, cy, colour(Judgement.LOST));
            case "network" -> f("<path d=\"M %.1f %.1f l -7 10 h 5 l -2 8 l 8 -11 h -5 z\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.8\"/>",
                    cx + 2, cy - 9, FAULT);
            case "restart" -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6.5\" fill=\"#fff\" stroke=\"#455a64\" stroke-width=\"2.2\" stroke-dasharray=\"30 11\"/>"
                    + "<path d=\"M %.1f %.1f l 5 -1 l -2 5 z\" fill=\"#455a64\"/>", cx, cy, cx + 3, cy - 7.5);
            case "resume" -> f("<path d=\"M %.1f %.1f v 14 l 11 -7 z\" fill=\"%s\"/>", cx - 4.5, cy - 7, shade("zombie"));
            case "split" -> f("<rect x=\"%.1f\" y=\"%.1f\" width=\"4\" height=\"14\" fill=\"%s\"/><rect x=\"%.1f\" y=\"%.1f\" width=\"4\" height=\"14\" fill=\"%s\"/>",
                    cx - 5, cy - 7, SPLIT, cx + 1, cy - 7, SPLIT);
            case "waits" -> f("<path d=\"M %.1f %.1f h 11 l -11 14 h 11 z\" fill=\"%s\"/>", cx - 5.5, cy - 7, WAIT);
            case "begin" -> f("<path d=\"M %.1f %.1f v 18\" stroke=\"#2e7d32\" stroke-width=\"2.5\"/>", cx, cy - 9);
            case "commit" -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7.5\" fill=\"#43a047\"/>"
                    + "<path d=\"M %.1f %.1f l 2.6 2.8 l 4.6 -5.6\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2\"/>", cx, cy, cx - 3.6, cy);
            case "rollback" -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7.5\" fill=\"#90a4ae\"/>"
                    + "<path d=\"M %.1f %.1f h 8\" stroke=\"#fff\" stroke-width=\"2.2\"/>", cx, cy, cx - 4, cy);
            case "unexpected" -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#fff\" font-size=\"11\" font-weight=\"700\">?</text>",
                    cx, cy, colour(Judgement.REFUSED_WRONGLY), cx, cy + 4);
            case "standby-stops" -> f("<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" rx=\"2\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\"/>"
                    + "<path d=\"M %.1f %.1f v 6 M %.1f %.1f v 6\" stroke=\"%s\" stroke-width=\"2\"/>",
                    cx - 6, cy - 6, FAILOVER, cx - 2, cy - 3, cx + 2, cy - 3, FAILOVER);
            case "error" -> cross(cx, cy, colour(Judgement.ERROR));
            case "differs" -> differs(cx, cy);
            default -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#b0bec5\"/>", cx, cy);
        };
    }

    private static String judged(Judgement j, String letter, boolean rolledBack, double cx, double cy) {
        String colour = colour(j);
        return switch (j) {
            case ERROR -> cross(cx, cy, colour);
            case LOST -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\" font-size=\"9.5\" font-weight=\"700\">%s</text>",
                    cx, cy, colour, cx, cy + 3.5, colour, Html.esc(letter));
            default -> f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#fff\" font-size=\"9.5\" font-weight=\"700\">%s</text>",
                    cx, cy, colour, rolledBack ? "0.6" : "1", j == Judgement.ACCEPTED_STALE ? "#7f0000" : "#fff",
                    j == Judgement.ACCEPTED_STALE ? "2" : "1.5", rolledBack ? " stroke-dasharray=\"3 2\"" : "",
                    cx, cy + 3.5, Html.esc(letter));
        };
    }

    private static String cross(double cx, double cy, String colour) {
        return f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"#fff\" fill-opacity=\"0.01\"/>"
                + "<path d=\"M %.1f %.1f l 12 12 M %.1f %.1f l -12 12\" stroke=\"%s\" stroke-width=\"3\"/>",
                cx, cy, cx - 6, cy - 6, cx + 6, cy - 6, colour);
    }

    /** The colour of server {@code letter}'s stretches in the primary strip: A, B, then the same again. */
    static String server(String letter) {
        return letter != null && letter.length() == 1 && (letter.charAt(0) - 'A') % 2 == 1 ? "#7e57c2" : "#26a69a";
    }

    /** A line struck through a lease from {@code x0} to {@code x1} at {@code y}, under its label: lost in a failover. */
    static String struckBar(double x0, double x1, double y) {
        return f("<path class=\"struck\" d=\"M %.1f %.1f H %.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>", x0, y, x1, LOST_COMMIT);
    }

    /** A line struck through a mark from {@code x0} to {@code x1} at {@code y}, on a white edge: lost in a failover. */
    static String struck(double x0, double x1, double y) {
        return f("<path class=\"struck\" d=\"M %.1f %.1f H %.1f\" stroke=\"#fff\" stroke-width=\"5\"/>"
                + "<path class=\"struck\" d=\"M %.1f %.1f H %.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>", x0, y, x1, x0, y, x1, LOST_COMMIT);
    }

    static String differs(double cx, double cy) {
        return f("<circle class=\"differs\" cx=\"%.1f\" cy=\"%.1f\" r=\"12\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"1.5\" stroke-dasharray=\"3 2\"/>",
                cx, cy);
    }

    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
