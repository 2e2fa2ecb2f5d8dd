package fencecheck.report;

import fencecheck.run.OperationMetrics;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Small horizontal bar charts: attempts and failures of each operation (with its latency percentiles
 * written under the bar, in ms), and the durations of jobs on the virtual clock (in s).
 */
final class ChartBars {

    private static final String ATTEMPTS = "#9fb4e8";
    private static final String FAILED = "#c62828";
    private static final String DURATION = "#5e35b1";
    private static final double LABEL_WIDTH = 104;
    private static final double VALUE_WIDTH = 96;

    private ChartBars() {
    }

    /** One bar per operation: its attempts, the failed ones in red from the left, and its latency under it. */
    static String operations(Map<OperationMetrics.Operation, OperationMetrics.OperationFigures> operations) {
        Map<OperationMetrics.Operation, OperationMetrics.OperationFigures> sorted = new TreeMap<>(operations);
        long most = sorted.values().stream().mapToLong(OperationMetrics.OperationFigures::attempts).max().orElse(0);
        double row = 32;
        ChartCanvas c = new ChartCanvas(8 + row * sorted.size(), LABEL_WIDTH, 4, 0);
        double barWidth = ChartCanvas.WIDTH - LABEL_WIDTH - VALUE_WIDTH;
        double y = c.top;
        for (Map.Entry<OperationMetrics.Operation, OperationMetrics.OperationFigures> e : sorted.entrySet()) {
            OperationMetrics.OperationFigures f = e.getValue();
            double attempts = most == 0 ? 0 : barWidth * f.attempts() / most;
            double failed = most == 0 ? 0 : barWidth * f.failures() / most;
            c.text(LABEL_WIDTH - 6, y + 10, "end", "label", name(e.getKey()));
            c.rect(LABEL_WIDTH, y + 2, attempts, 10, ATTEMPTS, 1, null);
            c.rect(LABEL_WIDTH, y + 2, failed, 10, FAILED, 1, null);
            c.text(LABEL_WIDTH + attempts + 4, y + 10, "start", "value", f.attempts() + " · " + f.failures() + " failed");
            c.text(LABEL_WIDTH, y + 24, "start", "note", latency(f));
            y += row;
        }
        boolean timed = sorted.values().stream().anyMatch(f -> f.p50Micros() != null || f.maxMicros() != null);
        String title = "Attempts and failures per operation";
        return "<figure class=\"chart\"><figcaption>" + Html.esc(title) + "</figcaption>" + c.svg(title)
                + "<div class=\"legend\"><span><i class=\"sq\" style=\"background:" + ATTEMPTS + "\"></i>attempts</span>"
                + "<span><i class=\"sq\" style=\"background:" + FAILED + "\"></i>"
                + Html.esc("failed (a Busy acquire, a write neither Applied nor Replayed, an error…)") + "</span>"
                + (timed ? "<span>" + Html.esc("under each bar: wall latency percentiles in ms") + "</span>" : "") + "</div></figure>";
    }

    /** p50, p95, p99 and max of the jobs' durations on the virtual clock, in s, and how many committed or rolled back. */
    static String jobs(OperationMetrics.JobDurations jobs) {
        String[] names = {"p50", "p95", "p99", "max"};
        Double[] values = {jobs.p50Micros(), jobs.p95Micros(), jobs.p99Micros(), jobs.maxMicros()};
        double most = 0;
        for (Double v : values) {
            most = Math.max(most, v == null ? 0 : v);
        }
        double row = 18;
        double labelWidth = 44;
        ChartCanvas c = new ChartCanvas(8 + row * names.length, labelWidth, 4, 0);
        double barWidth = ChartCanvas.WIDTH - labelWidth - VALUE_WIDTH;
        double y = c.top;
        for (int i = 0; i < names.length; i++) {
            double w = values[i] == null || most == 0 ? 0 : barWidth * values[i] / most;
            c.text(labelWidth - 6, y + 10, "end", "label", names[i]);
            c.rect(labelWidth, y + 2, w, 10, DURATION, 1, null);
            c.text(labelWidth + w + 4, y + 10, "start", "value", values[i] == null ? "-" : Html.seconds(values[i]));
            y += row;
        }
        String title = "Job durations on the virtual clock (s)";
        return "<figure class=\"chart\"><figcaption>" + Html.esc(title) + "</figcaption>" + c.svg(title)
                + "<div class=\"legend\"><span>" + Html.esc("from begin to commit or rollback; " + jobs.committed() + " committed · "
                + jobs.rolledBack() + " rolled back")
                + "</span></div></figure>";
    }

    private static String latency(OperationMetrics.OperationFigures f) {
        if (f.p50Micros() == null && f.p95Micros() == null && f.p99Micros() == null && f.maxMicros() == null) {
            return "latency not timed";
        }
        return "p50 " + number(f.p50Micros()) + " · p95 " + number(f.p95Micros()) + " · p99 " + number(f.p99Micros())
                + " · max " + number(f.maxMicros()) + " ms";
    }

    /** Latency in ms with two decimals, like every latency on the index; the unit is written once after the four. */
    private static String number(Double micros) {
        return micros == null ? "-" : String.format(Locale.ROOT, "%.2f", micros / 1000.0);
    }

    static String name(OperationMetrics.Operation op) {
        return op.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
