package fencecheck.report;

import fencecheck.run.OperationMetrics.ClockBucket;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * Charts over the virtual clock, one point per 5 s bucket (summed over every try of a run): the failures
 * an operator watches, and the latency percentiles. Behind both, each bucket's injected faults are a
 * shaded band, darker where more faults were injected, with their count written above the plot, so a
 * reader sees which failures came with faults.
 */
final class ChartClock {

    static final String FAULT_COLOR = "#ef6c00";

    /** One line of a chart: its legend, colour, dash pattern (null: solid) and value in a bucket (null: none). */
    record Series(String name, String color, String dash, Function<ClockBucket, Double> value) {
    }

    private ChartClock() {
    }

    /** Acquire failures, renew failures and stale-token rejections per bucket, and claim failures when there are any. */
    static String failures(List<ClockBucket> clock) {
        List<Series> series = new ArrayList<>(List.of(
                new Series("acquire failures (Busy or error)", "#1a5fd0", null, b -> (double) b.acquireFailures()),
                new Series("renew failures", "#8e24aa", "5 3", b -> (double) b.renewFailures()),
                new Series("stale-token rejections", "#00897b", null, b -> (double) b.staleRejections())));
        if (clock.stream().anyMatch(b -> b.claimFailures() > 0)) {
            series.add(new Series("claim failures (zero rows)", "#6d4c41", "2 2", b -> (double) b.claimFailures()));
        }
        double max = max(clock, series);
        double[] ticks = ChartCanvas.ticks(max, true);
        return figure("Failures and rejections per 5 s of virtual clock", clock, series, ticks,
                t -> String.format(Locale.ROOT, "%.0f", t));
    }

    /** Wall latency percentiles of the lease operations answered in each bucket, in ms; null when none was timed. */
    static String latency(List<ClockBucket> clock) {
        List<Series> series = List.of(
                new Series("p50", "#90a4d4", null, b -> ms(b.p50Micros())),
                new Series("p95", "#1a5fd0", null, b -> ms(b.p95Micros())),
                new Series("p99", "#0b2a66", "5 3", b -> ms(b.p99Micros())));
        if (clock.stream().allMatch(b -> b.p50Micros() == null && b.p95Micros() == null && b.p99Micros() == null)) {
            return null;
        }
        double[] ticks = ChartCanvas.ticks(max(clock, series), false);
        return figure("Latency per 5 s of virtual clock (ms)", clock, series, ticks,
                t -> String.format(Locale.ROOT, "%.2f", t));
    }

    private static String figure(String title, List<ClockBucket> clock, List<Series> series, double[] ticks,
                                 DoubleFunction<String> tickLabel) {
        boolean faults = clock.stream().anyMatch(b -> b.faults() > 0);
        ChartCanvas c = new ChartCanvas(faults ? 204 : 192, 42, faults ? 26 : 14, 32);
        int n = clock.size();
        double bw = c.plotWidth() / n;
        faultBands(c, clock, bw);
        c.yAxis(ticks, tickLabel);
        xAxis(c, clock, bw);
        double max = ticks[ticks.length - 1];
        for (Series s : series) {
            List<double[]> run = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Double v = s.value().apply(clock.get(i));
                if (v == null) {
                    // a bucket without a value breaks the line rather than drawing it through zero
                    c.polyline(run, s.color(), s.dash());
                    run = new ArrayList<>();
                    continue;
                }
                double x = c.left + bw * (i + 0.5);
                double y = c.y(v, max);
                run.add(new double[] {x, y});
                c.dot(x, y, s.color());
            }
            c.polyline(run, s.color(), s.dash());
        }
        StringBuilder h = new StringBuilder("<figure class=\"chart\"><figcaption>").append(Html.esc(title)).append("</figcaption>")
                .append(c.svg(title)).append("<div class=\"legend\">");
        for (Series s : series) {
            h.append("<span><i class=\"line").append(s.dash() == null ? "" : " dashed").append("\" style=\"border-color:")
                    .append(Html.esc(s.color())).append("\"></i>").append(Html.esc(s.name())).append("</span>");
        }
        if (faults) {
            h.append("<span><i class=\"sq\" style=\"background:").append(FAULT_COLOR).append(";opacity:.45\"></i>")
                    .append(Html.esc("faults injected: the more, the darker; their count above each band")).append("</span>");
        } else {
            h.append("<span>").append(Html.esc("no fault injected")).append("</span>");
        }
        return h.append("</div></figure>").toString();
    }

    /** A band per bucket with faults, its shade growing with their count, and the count written above the plot. */
    private static void faultBands(ChartCanvas c, List<ClockBucket> clock, double bw) {
        long most = clock.stream().mapToLong(ClockBucket::faults).max().orElse(0);
        if (most == 0) {
            return;
        }
        c.text(c.left - 4, c.top - 9, "end", "fault-count", "faults");
        for (int i = 0; i < clock.size(); i++) {
            long faults = clock.get(i).faults();
            if (faults == 0) {
                continue;
            }
            double x = c.left + bw * i;
            c.rect(x, c.top, bw, c.plotHeight(), FAULT_COLOR, 0.08 + 0.32 * faults / most, "fault-band");
            c.text(x + bw / 2, c.top - 9, "middle", "fault-count", Long.toString(faults));
        }
    }

    /** The bucket boundaries in seconds of virtual clock; the last bucket, open-ended, ends in "…". */
    private static void xAxis(ChartCanvas c, List<ClockBucket> clock, double bw) {
        int n = clock.size();
        // with many buckets every other boundary is labelled, so the numbers never run together
        int every = n > 8 ? 2 : 1;
        for (int i = 0; i <= n; i++) {
            double x = c.left + bw * i;
            c.line(x, c.bottom, x, c.bottom + 3, "axis");
            if (i % every != 0 && i != n) {
                continue;
            }
            String label;
            if (i < n) {
                label = seconds(clock.get(i).fromMicros());
            } else {
                Long to = clock.get(n - 1).toMicros();
                label = to == null ? "…" : seconds(to);
            }
            c.text(x, c.bottom + 13, "middle", "tick", label);
        }
        c.text(c.left + c.plotWidth() / 2, c.height - 3, "middle", "axis-title", "virtual clock (s), all tries of the run together");
    }

    private static String seconds(long micros) {
        double s = micros / 1e6;
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f", s) : String.format(Locale.ROOT, "%.1f", s);
    }

    private static Double ms(Double micros) {
        return micros == null ? null : micros / 1000.0;
    }

    private static double max(List<ClockBucket> clock, List<Series> series) {
        double max = 0;
        for (ClockBucket b : clock) {
            for (Series s : series) {
                Double v = s.value().apply(b);
                if (v != null) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }
}
