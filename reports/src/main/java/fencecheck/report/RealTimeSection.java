package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A real-time history drawn on a time axis (ms of the database's clock from the run's start; one
 * lane per worker incarnation; each operation a box from invocation to completion, a lease a thin
 * bar from its grant or renewal to its end, the nemesis's acts as marks), then the same history as
 * a table. The failure page shows the shrunk history ({@link #render}); the page beside it shows the
 * full one ({@link #renderFull}), drawn wider and with the operations the shrunk one kept marked.
 */
final class RealTimeSection {

    private static final int WIDTH = 1000;
    private static final int LEFT = 70;
    private static final int LANE = 52;
    private static final int TOP = 34;
    private static final double MIN_BOX = 3;
    /** The full history's scale: a 10 s run of about 5 000 operations is 30 000 px wide, a box of 2 ms 6 px. */
    private static final double FULL_PX_PER_MS = 3;
    private static final int FULL_MAX_WIDTH = 120_000;
    /** About one tick per this many px. */
    private static final int TICK_PX = 100;

    private RealTimeSection() {
    }

    /**
     * The failure page's section: the shrunk history, and a link to the page that draws the full one.
     *
     * @param fullPage the file name of the full history's page beside the failure page, or null when there is none
     */
    static String render(RunResult.RealTime rt, String fullPage) {
        StringBuilder h = new StringBuilder("<section id=\"realtime\"><h2>Real-time history</h2>\n");
        if (rt.history() == null) {
            h.append("<p>The checker gave up before deciding (").append(rt.states()).append(" states searched): no history was refused,")
                    .append(" and none was shown correct. Raise <code>fencecheck.realtime.maxStates</code> or shorten the run.</p>\n");
            h.append(fullLink(rt, fullPage));
            return h.append("</section>\n").toString();
        }
        RealTimeHistory history = rt.history();
        h.append("<p class=\"muted small\">The failing history: ").append(shrinking(rt)).append("; run ")
                .append(Html.duration(rt.runMillis())).append(", checked in ").append(Html.duration(rt.checkMillis()))
                .append("; every interval is judged widened by the clock's uncertainty, ").append(history.uncertainty()).append(" µs.</p>\n");
        h.append(fullLink(rt, fullPage));
        long zero = zero(rt);
        h.append(cause(rt, zero));
        h.append("<div class=\"timeline\">\n").append(svg(history, zero, rt.failingOperation(), null)).append("</div>\n");
        h.append(note(false));
        h.append(table(history, zero, rt.failingOperation(), null, rt.judgedAgainst(), rt.overlapping()));
        return h.append("</section>\n").toString();
    }

    /** The full history's section, for its own page: every operation of the run, those the shrunk history kept marked. */
    static String renderFull(RunResult.RealTime rt) {
        RealTimeHistory full = rt.fullHistory();
        StringBuilder h = new StringBuilder("<section id=\"realtime-full\"><h2>Full real-time history</h2>\n");
        Set<Integer> kept = rt.history() == null ? null
                : rt.history().operations().stream().map(TimedOperation::id).collect(Collectors.toSet());
        h.append("<p class=\"muted small\">Every operation of the run, ").append(full.operations().size()).append(" in all");
        if (kept != null) {
            h.append("; the ").append(kept.size()).append(" the shrunk history kept are drawn solid and marked <q>kept</q> in the table,")
                    .append(" the others faded");
        }
        h.append("; clock uncertainty ").append(full.uncertainty()).append(" µs. The drawing scrolls sideways.</p>\n");
        long zero = zero(rt);
        h.append("<div class=\"timeline\">\n").append(svg(full, zero, rt.failingOperation(), kept)).append("</div>\n");
        h.append(note(true));
        h.append(table(full, zero, rt.failingOperation(), kept, rt.judgedAgainst(), rt.overlapping()));
        return h.append("</section>\n").toString();
    }

    /** What shrinking did: operations kept of the whole run's, the checks it made, whether its time ran out. */
    static String shrinking(RunResult.RealTime rt) {
        if (rt.history() == null) {
            return "not shrunk (the checker gave up on the whole history of " + rt.observedOperations() + " operations)";
        }
        if (rt.shrinkChecks() == 0 && rt.history().operations().size() == rt.observedOperations()) {
            // a scheduler cluster's run: its few operations are judged on the records, nothing to drop
            return "all " + rt.observedOperations() + " operations, not shrunk";
        }
        return rt.history().operations().size() + " of " + rt.observedOperations() + " operations kept (shrunk by dropping operations and"
                + " checking again: " + rt.shrinkChecks() + (rt.shrinkChecks() == 1 ? " check" : " checks")
                + (rt.shrinkOutOfTime() ? ", stopped at its time budget" : "") + ")";
    }

    /** One zero for both pages of a failure: counted over the full history when there is one, which holds every instant. */
    static long zero(RunResult.RealTime rt) {
        return RealTimeText.zero(rt.fullHistory() != null ? rt.fullHistory() : rt.history());
    }

    /**
     * Which operation is the cause, in words: the failing one and those it was judged against; and where a key of the
     * shrunk history starts from rows left by grants it dropped.
     */
    private static String cause(RunResult.RealTime rt, long zero) {
        StringBuilder h = new StringBuilder();
        RealTimeHistory history = rt.history();
        TimedOperation failing = rt.failingOperation() == null ? null : history.operation(rt.failingOperation());
        if (failing != null) {
            h.append("<p class=\"cause\">The cause: operation ").append(failing.id()).append(" (").append(Html.esc(describe(failing, zero)))
                    .append(")");
            List<String> against = new ArrayList<>();
            for (Integer id : rt.judgedAgainst()) {
                TimedOperation o = history.operation(id);
                if (o != null) {
                    against.add("operation " + id + " (" + describe(o, zero) + ")");
                }
            }
            if (!against.isEmpty()) {
                h.append(", judged against ").append(Html.esc(String.join(" and ", against)));
            }
            List<String> met = new ArrayList<>();
            for (Integer id : rt.overlapping()) {
                TimedOperation o = history.operation(id);
                if (o != null) {
                    met.add("operation " + id + " (" + describe(o, zero) + ")");
                }
            }
            if (!met.isEmpty()) {
                h.append("; other workers' operations that overlap it and change what it reads: ").append(Html.esc(String.join(" and ", met)));
            }
            h.append(". In the table it is marked &gt;&gt;, what it was judged against *")
                    .append(met.isEmpty() ? "" : ", what overlaps it ~").append(".</p>\n");
        } else if (rt.failingOperation() != null && rt.failingOperation() == 0) {
            h.append("<p class=\"cause\">The cause: the rows read at the end, which no order of the answers leaves.</p>\n");
        }
        for (String key : history.startRows().keySet()) {
            String start = history.startInWords(key);
            if (start != null) {
                h.append("<p class=\"small start-rows\">").append(Html.esc(start)).append(" (see the full history).</p>\n");
            }
        }
        return h.toString();
    }

    private static String describe(TimedOperation o, long zero) {
        return o.process() + ": " + RealTimeText.command(o.command()) + " → " + RealTimeText.outcome(o.outcome(), zero);
    }

    private static String fullLink(RunResult.RealTime rt, String fullPage) {
        if (fullPage == null) {
            return "";
        }
        return "<p class=\"full-history\"><a class=\"full-history\" href=\"" + Html.esc(fullPage) + "\">The full history, "
                + rt.fullHistory().operations().size() + " operations, drawn on a page of its own</a></p>\n";
    }

    private static String note(boolean full) {
        return "<p class=\"muted small timeline-note\">x is the database's clock in ms from the run's start, in proportion; a box runs from"
                + " the invocation to the completion of an operation (at least " + (int) MIN_BOX + " px wide); a thin bar is"
                + " the lease a grant or renewal answered, to its end; dashed boxes lost their answer; the red one is where the"
                + " check failed; triangles are the nemesis's acts." + (full ? " Boxes are labelled with their operation's number." : "")
                + " Hover for details.</p>\n";
    }

    /** @param kept the operations to draw solid, the others faded; null: all solid, labelled in full */
    private static String svg(RealTimeHistory history, long zero, Integer failing, Set<Integer> kept) {
        boolean full = kept != null;
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
        int width = full ? (int) Math.min(FULL_MAX_WIDTH, Math.max(WIDTH, LEFT + 20 + span / 1e3 * FULL_PX_PER_MS)) : WIDTH;
        double scale = (width - LEFT - 20) / (double) span;
        int height = TOP + lanes.size() * LANE + 10;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " role=\"img\" aria-label=\"real-time history\" font-family=\"sans-serif\" font-size=\"11\">%n", width, height, width, height));
        long step = tick(span, Math.max(5, (width - LEFT) / TICK_PX));
        for (long t = from - Math.floorMod(from - zero, step); t <= to; t += step) {
            if (t < from) {
                continue;
            }
            double x = LEFT + (t - from) * scale;
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"18\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e3e3e3\"/>"
                    + "<text class=\"tick\" x=\"%.1f\" y=\"13\" text-anchor=\"middle\" fill=\"#666\">%s</text>%n", x, x, height - 6, x,
                    RealTimeText.tick(t - zero, step)));
        }
        for (Map.Entry<String, Integer> lane : lanes.entrySet()) {
            int y = TOP + lane.getValue() * LANE;
            s.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\" font-weight=\"bold\">%s</text>"
                    + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\"/>%n", y + 22, Html.esc(lane.getKey()), LEFT, y + 26,
                    width - 10, y + 26));
        }
        Map<String, Integer> labelled = new HashMap<>();
        for (TimedOperation o : history.operations()) {
            int y = TOP + lanes.get(o.process()) * LANE;
            double x1 = LEFT + (o.invoke() - from) * scale;
            double w = Math.max(MIN_BOX, (o.complete() - o.invoke()) * scale);
            boolean isFailing = failing != null && failing == o.id();
            String faded = full && !kept.contains(o.id()) ? " opacity=\"0.45\"" : "";
            String fill = o.unknown() ? "#fff3e0" : Outcome.isSuccess(o.outcome()) ? "#c8e6c9" : "#e3e8f0";
            String stroke = isFailing ? "#d32f2f" : o.unknown() ? "#ef6c00" : "#607d8b";
            String title = "#" + o.id() + " " + o.process() + ": " + RealTimeText.command(o.command()) + " → "
                    + RealTimeText.outcome(o.outcome(), zero) + " [" + RealTimeText.at(o.invoke(), zero) + ", "
                    + RealTimeText.at(o.complete(), zero) + " ms]" + (o.note().isEmpty() ? "" : " (" + o.note() + ")");
            long until = until(o);
            if (until > o.complete()) {
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"3\" fill=\"#81c784\"%s><title>%s</title></rect>%n",
                        x1 + w, y + 20, Math.max(1, (until - o.complete()) * scale), faded,
                        Html.esc("lease until " + RealTimeText.at(until, zero) + " ms")));
            }
            s.append(String.format(Locale.ROOT, "<rect class=\"op%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"12\" fill=\"%s\" stroke=\"%s\""
                            + " stroke-width=\"%s\"%s%s><title>%s</title></rect>%n", isFailing ? " failing" : "", x1, y + 8, w, fill, stroke,
                    isFailing ? "2" : "1", o.unknown() ? " stroke-dasharray=\"3 2\"" : "", faded, Html.esc(title)));
            // labels alternate above and below the lane, so those of operations close in time overlap less
            int labelY = (labelled.merge(o.process(), 1, Integer::sum) % 2 == 1) ? y + 5 : y + 38;
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"%s\"%s>%s</text>%n", x1, labelY, isFailing ? "#d32f2f" : "#333",
                    faded, Html.esc(full ? String.valueOf(o.id()) : o.id() + " " + label(o))));
        }
        for (RealTimeHistory.Mark m : history.marks()) {
            Integer lane = lanes.get(m.process());
            if (lane == null || m.at() < from || m.at() > to) {
                continue;
            }
            double x = LEFT + (m.at() - from) * scale;
            int y = TOP + lane * LANE + 26;
            s.append(String.format(Locale.ROOT, "<path class=\"mark\" d=\"M%.1f %d l-4 7 h8 z\" fill=\"#8e24aa\"><title>%s</title></path>%n",
                    x, y, Html.esc(m.process() + " " + m.what() + " at " + RealTimeText.at(m.at(), zero) + " ms")));
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

    /** A tick every 1, 2 or 5 × 10^n µs, at most {@code count} over the span. */
    static long tick(long span, int count) {
        for (long unit = 1; ; unit *= 10) {
            for (long f : new long[]{1, 2, 5}) {
                if (span / (unit * f) <= count) {
                    return unit * f;
                }
            }
        }
    }

    /**
     * @param kept          the operations the shrunk history kept, marked in a column of their own; null: no such column
     * @param judgedAgainst the operations the failing one was judged against, marked *
     * @param overlapping   other workers' operations that overlap the failing one and change what it reads, marked ~
     */
    private static String table(RealTimeHistory history, long zero, Integer failing, Set<Integer> kept, List<Integer> judgedAgainst,
                                List<Integer> overlapping) {
        StringBuilder h = new StringBuilder("<table class=\"trace realtime\"><thead><tr><th></th><th>#</th><th>worker</th>"
                + "<th>invoked (ms)</th><th>completed (ms)</th><th>operation</th><th>answer</th><th>note</th>"
                + (kept == null ? "" : "<th>shrunk</th>") + "</tr></thead><tbody>\n");
        for (TimedOperation o : history.operations()) {
            boolean isFailing = failing != null && failing == o.id();
            boolean isCause = judgedAgainst.contains(o.id());
            h.append("<tr").append(isFailing ? " class=\"divergent\"" : isCause ? " class=\"cause\"" : "").append("><td class=\"marker\">")
                    .append(isFailing ? "&gt;&gt;" : isCause ? "*" : overlapping.contains(o.id()) ? "~" : "")
                    .append("</td><td class=\"num\">").append(o.id()).append("</td><td class=\"actor\">").append(Html.esc(o.process()))
                    .append("</td><td class=\"clock\">").append(RealTimeText.at(o.invoke(), zero)).append("</td><td class=\"clock\">")
                    .append(RealTimeText.at(o.complete(), zero)).append("</td><td>").append(Html.esc(RealTimeText.command(o.command())))
                    .append("</td><td>").append(Html.esc(RealTimeText.outcome(o.outcome(), zero)))
                    .append("</td><td>").append(Html.esc(o.note())).append("</td>");
            if (kept != null) {
                h.append("<td>").append(kept.contains(o.id()) ? "kept" : "").append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n");
        if (!history.finalRows().isEmpty()) {
            h.append("<p class=\"small\">Rows read at the end: ");
            List<String> rows = new ArrayList<>();
            history.finalRows().forEach((k, v) -> rows.add(k + ": " + (v.lease() == null ? "no lease" : "lease token " + v.lease().token()
                    + " held by " + v.lease().owner() + " until " + RealTimeText.at(v.lease().until(), zero) + " ms") + ", latest "
                    + (v.latest() == null ? "none" : "token " + v.latest().token()) + ", " + v.fenced().size() + " fenced result(s)"));
            h.append(Html.esc(String.join("; ", rows))).append("</p>\n");
        }
        return h.toString();
    }
}
