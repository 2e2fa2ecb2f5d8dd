package fencecheck.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChartCanvasTest {

    @Test
    void ticksAreRoundAndCountsWhole() {
        assertThat(ChartCanvas.ticks(0, true)).containsExactly(0, 1);
        assertThat(ChartCanvas.ticks(3, true)).containsExactly(0, 1, 2, 3);
        assertThat(ChartCanvas.ticks(80, true)).containsExactly(0, 20, 40, 60, 80);
        assertThat(ChartCanvas.ticks(81, true)).containsExactly(0, 20, 40, 60, 80, 100);
        assertThat(ChartCanvas.ticks(24, false)).containsExactly(0, 5, 10, 15, 20, 25);
        assertThat(ChartCanvas.ticks(2.24, false)).containsExactly(0, 0.5, 1, 1.5, 2, 2.5);
    }

    @Test
    void textIsEscapedAndNumbersAreShort() {
        String svg = new ChartCanvas(100, 10, 10, 10).text(1.0 / 3, 2, "middle", "tick", SampleResults.NASTY).svg(SampleResults.QUOTED);
        assertThat(svg).contains("&lt;b&gt;A&amp;B&lt;/b&gt;").contains("x=\"0.33\"").contains("aria-label=\"it&#39;s &quot;final&quot;\"")
                .doesNotContain(SampleResults.NASTY);
    }

    @Test
    void durationsOnTheVirtualClockAreSeconds() {
        assertThat(Html.seconds(10_000_001)).isEqualTo("10.000001 s");
        assertThat(Html.seconds(3_500_000)).isEqualTo("3.50 s");
        assertThat(Html.seconds(0)).isEqualTo("0.00 s");
    }
}
