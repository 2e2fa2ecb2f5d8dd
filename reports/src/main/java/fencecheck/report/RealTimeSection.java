package fencecheck.report;

import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;
import fencecheck.model.Describe;
import fencecheck.model.Outcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The failure page's part for a real-time failure: the shrunk history drawn on a time axis (ms
 * of the database's clock from the run's start; one lane per worker incarnation; each operation
 * a box from invocation to completion, a lease a thin bar from its grant or renewal to its end,
 * the nemesis's acts as marks), then the same history as a table.
 */
final class RealTimeSection {

    private static final int WIDTH = 1000;
    private static final int LEFT = 70;
    private static final int LANE = 52;
    private static final int TOP = 34;
    private static final double MIN_BOX = 3;

    private RealTimeSection() {
    }

    static String render(RunResult.RealTime rt) {
        StringBuilder h = new StringBuilder("<section id=\"realtime\"><h2>Real-time history</h2>\n");
        if (rt.history() == null) {
            h.append("<p>The checker gave up before deciding (").append(rt.states()).append(" states searched): no history was refused,")
                    .append(" and none was shown correct. Raise <code>fencecheck.realtime.maxStates</code> or shorten the run.</p></section>\n");
            return h.toString();
        }
        RealTimeHistory history = rt.history();
        h.append("<p class=\"muted small\">").append(history.operations().size()).append(" of ").append(rt.observedOperations())
                .append(" operations (shrunk by dropping operations and checking again: ").append(rt.shrinkChecks()).append(" checks")
                .append(rt.shrinkOutOfTime() ? ", stopped at its time budget" : "").append("); run ").append(Html.duration(rt.runMillis()))
                .append(", checked in ").append(Html.duration(rt.checkMillis())).append("; every interval is judged widened by the clock's")
                .append(" uncertainty, ").append(history.uncertainty()).append(" µs.</p>\n");
        h.append("<div class=\"timeline\">\n").append(svg(history, rt.failingOperation())).append("</div>\n");
        h.append("<p class=\"muted small timeline-note\">x is the database's clock in ms from the run's start, in proportion; a box runs from")
                .append(" the invocation to the completion of an operation (at least ").append((int) MIN_BOX).append(" px wide); a thin bar is")
                .append(" the lease a grant or renewal answered, to its end; dashed boxes lost their answer; the red one is where the")
                .append(" check failed; triangles are the nemesis's acts. Hover for details.</p>\n");
        h.append(table(history, rt.failingOperation()));
        return h.append("</section>\n").toString();
    }

    private static String svg(RealTimeHistory history, Integer failing) {
        Map<String, Integer> lanes = new LinkedHashMap<>();
        history.operations().forEach(o -> lanes.putIfAbsent(o.process(), lanes.size()));
        long from = history.operations().stream().mapToLong(TimedOperation::invoke).min().orElse(history.start());
        long to = history.operations().stream().mapToLong(o -> Math.max(o.complete(), until(o))).max().orElse(from + 1);
        for (RealTimeHistory.Mark m : history.marks()) {
            if (lanes.containsKey(m.process()) && m.at() >= from && m.at() <= to) {
                to = Math.max(to, m.at());
            }
        }
        long span = Math.max(1, to - from);
        double scale = (WIDTH - LEFT - 20) / (double) span;
        int height = TOP + lanes.size() * LANE + 10;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " role=\"img\" aria-label=\"real-time history\" font-family=\"sans-serif\" font-size=\"11\">%n", WIDTH, height, WIDTH, height));
        long step = tick(span);
        long zero = history.start();
        for (long t = from - Math.floorMod(from - zero, step); t <= to; t += step) {
            if (t < from) {
                continue;
            }
            double x = LEFT + (t - from) * scale;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"18\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e3e3e3\"/>"
                    + "<text x=\"%.1f\" y=\"13\" text-anchor=\"middle\" fill=\"#666\">%s</text>%n", x, x, height - 6, x, ms(t - zero)));
        }
        for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
            int y = TOP + lane.getValue() * LANE;
            s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">%s</text>"
                    + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>%n", y + 22, Html.esc(lane.getKey()), LEFT, y + 26,
                    WIDTH - 10, y + 26));
        }
        Map<String, Integer> labelled = new java.util.HashMap<>();
        for (TimedOperation o : history.operations()) {
            int y = TOP + lanes.get(o.process()) * LANE;
            double x1 = LEFT + (o.invoke() - from) * scale;
            double w = Math.max(MIN_BOX, (o.complete() - o.invoke()) * scale);
            boolean isFailing = failing != null && failing == o.id();
            String fill = o.unknown() ? "#fff3e0" : Outcome.isSuccess(o.outcome()) ? "#c8e6c9" : "#e3e8f0";
            String stroke = isFailing ? "#d32f2f" : o.unknown() ? "#ef6c00" : "#607d8b";
            String title = "#" + o.id() + " " + o.process() + ": " + Describe.command(o.command()) + " → "
                    + (o.unknown() ? "unknown" : Describe.outcome(o.outcome(), zero)) + " [" + ms(o.invoke() - zero) + ", " + ms(o.complete() - zero)
                    + " ms]" + (o.note().isEmpty() ? "" : " (" + o.note() + ")");
            long until = until(o);
            if (until > o.complete()) {
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"3\" fill=\"#81c784\"><title>%s</title></rect>%n",
                        x1 + w, y + 20, Math.max(1, (until - o.complete()) * scale), Html.esc("lease until " + ms(until - zero) + " ms")));
            }
            s.append(String.format(Locale.ROOT, "<rect class=\"op%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\" stroke=\"%s\""
                            + " stroke-width=\"%s\"%s><title>%s</title></rect>%n", isFailing ? " failing" : "", x1, y + 8, w, fill, stroke,
                    isFailing ? "2" : "1", o.unknown() ? " stroke-dasharray=\"3 2\"" : "", Html.esc(title)));
            // labels alternate above and below the lane, so those of operations close in time overlap less
            int labelY = (labelled.merge(o.process(), 1, Integer::sum) % 2 == 1) ? y + 5 : y + 38;
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"%s\">%s</text>%n", x1, labelY, isFailing ? "#d32f2f" : "#333",
                    Html.esc(o.id() + " " + label(o))));
        }
        for (RealTimeHistory.Mark m : history.marks()) {
            Integer lane = lanes.get(m.process());
            if (lane == null || m.at() < from || m.at() > to) {
                continue;
            }
            double x = LEFT + (m.at() - from) * scale;
            int y = TOP + lane * LANE + 26;
            s.append(String.format(Locale.ROOT, "<path class=\"mark\" d=\"M%.1f %d l-4 7 h8 z\" fill=\"#8e24aa\"><title>%s</title></path>%n",
                    x, y, Html.esc(m.process() + " " + m.what() + " at " + ms(m.at() - zero) + " ms")));
        }
        return s.append("</svg>\n").toString();
    }

    private static String label(TimedOperation o) {
        String what = switch (o.command()) {
            case Command.Acquire a -> "acquire " + a.key();
            case Command.Renew r -> "renew " + r.key() + " t" + r.token();
            case Command.Release r -> "release " + r.key() + " t" + r.token();
            case Command.Write w -> "write " + w.key() + " t" + w.token();
            default -> o.command().getClass().getSimpleName();
        };
        String answer = o.unknown() ? "?" : o.outcome() instanceof Outcome.Granted g ? "Granted t" + g.token()
                : o.outcome().getClass().getSimpleName();
        return what + " → " + answer;
    }

    private static long until(TimedOperation o) {
        if (o.outcome() instanceof Outcome.Granted g) {
            return g.until();
        }
        return o.outcome() instanceof Outcome.Renewed r ? r.until() : Long.MIN_VALUE;
    }

    /** A tick every 1, 2 or 5 × 10^n µs, about ten over the span. */
    private static long tick(long span) {
        long unit = 1;
        while (unit * 10 < span / 10 + 1) {
            unit *= 10;
        }
        for (long f : new long[]{1, 2, 5, 10}) {
            if (span / (unit * f) <= 10) {
                return unit * f;
            }
        }
        return unit * 10;
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1e3);
    }

    private static String table(RealTimeHistory history, Integer failing) {
        StringBuilder h = new StringBuilder("<table class=\"trace realtime\"><thead><tr><th></th><th>#</th><th>worker</th>"
                + "<th>invoked (ms)</th><th>completed (ms)</th><th>operation</th><th>answer</th><th>note</th></tr></thead><tbody>\n");
        List<TimedOperation> ops = new ArrayList<>(history.operations());
        for (TimedOperation o : ops) {
            boolean isFailing = failing != null && failing == o.id();
            h.append("<tr").append(isFailing ? " class=\"divergent\"" : "").append("><td class=\"marker\">").append(isFailing ? "&gt;&gt;" : "")
                    .append("</td><td class=\"num\">").append(o.id()).append("</td><td class=\"actor\">").append(Html.esc(o.process()))
                    .append("</td><td class=\"clock\">").append(ms(o.invoke() - history.start())).append("</td><td class=\"clock\">")
                    .append(ms(o.complete() - history.start())).append("</td><td>").append(Html.esc(Describe.command(o.command())))
                    .append("</td><td>").append(Html.esc(o.unknown() ? "unknown (answer lost)" : Describe.outcome(o.outcome(), history.start())))
                    .append("</td><td>").append(Html.esc(o.note())).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n");
        if (!history.finalRows().isEmpty()) {
            h.append("<p class=\"small\">Rows read at the end: ");
            List<String> rows = new ArrayList<>();
            history.finalRows().forEach((k, v) -> rows.add(k + ": " + (v.lease() == null ? "no lease" : "lease token " + v.lease().token()
                    + " held by " + v.lease().owner()) + ", latest " + (v.latest() == null ? "none" : "token " + v.latest().token())
                    + ", " + v.fenced().size() + " fenced result(s)"));
            h.append(Html.esc(String.join("; ", rows))).append("</p>\n");
        }
        return h.toString();
    }
}
