package fencecheck.report;

import fencecheck.run.OperationMetrics;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MonitoringSectionTest {

    private static String monitoring(RunResult... runs) {
        List<RunResult> list = List.of(runs);
        return MonitoringSection.render(IndexRun.inReadingOrder(list, list.stream().map(r -> (String) null).toList()));
    }

    @Test
    void eachRunGetsChartsOfFailuresWithFaultBandsLatencyAndOperations() {
        String html = monitoring(IndexSamples.referencePassed());
        assertThat(html).contains("Failures and rejections per 5 s of virtual clock").contains("Latency per 5 s of virtual clock (ms)")
                .contains("Attempts and failures per operation").doesNotContain("<table");
        // faults in buckets 3 to 6 (6, 12, 18 and 24 of them): one shaded band each, in both clock charts, the count written above
        assertThat(html.split("class=\"fault-band\"", -1)).hasSize(2 * 4 + 1);
        assertThat(html).contains(">24</text>").contains("faults injected: the more, the darker");
        assertThat(html).contains("acquire failures (Busy or error)").contains("renew failures").contains("stale-token rejections")
                .as("no claim in a lease run").doesNotContain("claim failures");
        assertThat(html).contains("stale-token rejections 52 &middot; conflicts 7 &middot; duplicates delivered 19");
    }

    @Test
    void unitsAreMillisecondsForLatencyAndSecondsForTheVirtualClock() {
        String html = monitoring(IndexSamples.referencePassed(), IndexSamples.jobReferencePassed());
        assertThat(html).doesNotContain("µs").doesNotContain(" us ");
        assertThat(html).as("latency ticks in ms with two decimals").contains(">15.00</text>").contains(">0.00</text>");
        assertThat(html).as("operation latencies in ms with two decimals").contains("p50 0.31 &middot; p95 0.91 &middot; p99 1.50 &middot; max 2.21 ms")
                .contains("max 24.00 ms");
        assertThat(html).as("the clock in seconds").contains("virtual clock (s)").contains(">50</text>").contains(">&hellip;</text>");
        assertThat(html).as("job durations in seconds").contains(">10.000001 s</text>").contains(">0.00 s</text>")
                .contains(">20.000002 s</text>").contains("165 committed &middot; 106 rolled back");
    }

    @Test
    void statementsWithoutLatencyAndClaimFailuresAreShownAsSuch() {
        String html = monitoring(IndexSamples.jobReferencePassed());
        assertThat(html).contains("No statement of this run was timed").contains("latency not timed")
                .contains("claim failures (zero rows)").contains("Job durations on the virtual clock (s)")
                .doesNotContain("Latency per 5 s");
    }

    @Test
    void aBucketWithoutLatencyBreaksTheLineRatherThanDrawingZero() {
        String html = monitoring(IndexSamples.referencePassed());
        String latency = html.substring(html.indexOf("Latency per 5 s"));
        latency = latency.substring(0, latency.indexOf("</svg>"));
        // three percentiles, each in two pieces around the empty bucket
        assertThat(latency.split("<polyline", -1)).hasSize(3 * 2 + 1);
    }

    @Test
    void aResultWithoutTheClockStillShowsItsOperations() {
        OperationMetrics.Snapshot old = new OperationMetrics.Snapshot(SampleResults.metrics().operations(), 1, 2, 3);
        String html = monitoring(IndexSamples.withMonitoring(SampleResults.passing(), old));
        assertThat(html).contains("This result records no figures over the virtual clock.")
                .contains("Attempts and failures per operation").contains("420 &middot; 133 failed").doesNotContain("fault-band");
    }

    @Test
    void correctImplementationsComeFirstOpenAndCaughtVariantsAreFolded() {
        String html = monitoring(IndexSamples.variantCaught(), IndexSamples.referencePassed(), IndexSamples.variantMissed());
        int folded = html.indexOf("<details class=\"variants\">");
        assertThat(folded).isPositive();
        assertThat(html.indexOf("renew-ignores-token")).as("the missed variant is not folded").isLessThan(folded);
        assertThat(html.indexOf(">reference<")).isLessThan(folded);
        assertThat(html.indexOf("sink-ignores-token")).isGreaterThan(folded);
        assertThat(html).contains("<details class=\"monitor\" id=\"run-1\" open>")
                .contains("Runs of known-buggy variants, caught as they must be (1)");
    }

    @Test
    void runsWithoutOperationsLeaveANote() {
        assertThat(monitoring(IndexSamples.variantErrored())).contains("No run made a database operation.");
        OperationMetrics.Snapshot empty = new OperationMetrics.Snapshot(Map.of(), 0, 0, 0, List.of(), null);
        assertThat(monitoring(IndexSamples.withMonitoring(SampleResults.passing(), empty))).contains("No run made a database operation.");
    }

    @Test
    void chartsScaleToTheirBoxAndNeedNoScript() {
        String html = monitoring(IndexSamples.referencePassed());
        assertThat(html).contains("<svg class=\"chart-svg\" viewBox=\"0 0 360 ").doesNotContain("<script").doesNotContain("http");
        assertThat(IndexStyle.CSS).contains("svg.chart-svg { width: 100%; height: auto;");
    }
}
