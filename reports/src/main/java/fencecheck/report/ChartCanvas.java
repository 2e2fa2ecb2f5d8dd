package fencecheck.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * An inline SVG drawing for the index's charts: a fixed view box that scales to the width of its box
 * (so a chart fits a narrow window without scrolling), the plot area inside its margins, and the few
 * shapes the charts draw. Every text goes through {@link Html#esc}; there is no script and nothing to
 * hover: values a reader needs are written on the chart.
 */
final class ChartCanvas {

    /** Width of every chart's view box; text is sized in the same units. */
    static final double WIDTH = 360;

    private final StringBuilder svg = new StringBuilder();
    final double height;
    final double left;
    final double top;
    final double right;
    final double bottom;

    /**
     * @param height      of the view box
     * @param leftMargin  room for the y axis's labels
     * @param topMargin   room above the plot
     * @param bottomMargin room for the x axis's labels and title
     */
    ChartCanvas(double height, double leftMargin, double topMargin, double bottomMargin) {
        this.height = height;
        this.left = leftMargin;
        this.top = topMargin;
        this.right = WIDTH - 10;
        this.bottom = height - bottomMargin;
    }

    double plotWidth() {
        return right - left;
    }

    double plotHeight() {
        return bottom - top;
    }

    ChartCanvas rect(double x, double y, double w, double h, String fill, double opacity, String cls) {
        svg.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(Math.max(0, w)))
                .append("\" height=\"").append(n(Math.max(0, h))).append("\" fill=\"").append(Html.esc(fill)).append('"');
        if (opacity < 1) {
            svg.append(" fill-opacity=\"").append(n(opacity)).append('"');
        }
        if (cls != null) {
            svg.append(" class=\"").append(Html.esc(cls)).append('"');
        }
        svg.append("/>");
        return this;
    }

    ChartCanvas line(double x1, double y1, double x2, double y2, String cls) {
        svg.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" class=\"").append(Html.esc(cls)).append("\"/>");
        return this;
    }

    /** A polyline through {@code points} ({x, y} pairs) in {@code color}, dashed when {@code dash} is not null. */
    ChartCanvas polyline(List<double[]> points, String color, String dash) {
        if (points.size() < 2) {
            return this;
        }
        svg.append("<polyline fill=\"none\" stroke-width=\"1.8\" stroke=\"").append(Html.esc(color)).append('"');
        if (dash != null) {
            svg.append(" stroke-dasharray=\"").append(Html.esc(dash)).append('"');
        }
        svg.append(" points=\"");
        for (double[] p : points) {
            svg.append(n(p[0])).append(',').append(n(p[1])).append(' ');
        }
        svg.append("\"/>");
        return this;
    }

    ChartCanvas dot(double x, double y, String color) {
        svg.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"2.4\" fill=\"")
                .append(Html.esc(color)).append("\"/>");
        return this;
    }

    /** Text at ({@code x}, {@code y}); {@code anchor} is start, middle or end; {@code cls} styles it (see the index's style). */
    ChartCanvas text(double x, double y, String anchor, String cls, String text) {
        svg.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(Html.esc(anchor))
                .append("\" class=\"").append(Html.esc(cls)).append("\">").append(Html.esc(text)).append("</text>");
        return this;
    }

    /** Horizontal grid lines and labels of a y axis from 0 to the last of {@code ticks}, each label written by {@code label}. */
    ChartCanvas yAxis(double[] ticks, DoubleFunction<String> label) {
        double max = ticks[ticks.length - 1];
        for (double t : ticks) {
            double y = y(t, max);
            line(left, y, right, y, t == 0 ? "axis" : "grid");
            text(left - 4, y + 3.5, "end", "tick", label.apply(t));
        }
        return this;
    }

    /** The y of {@code value} on a scale from 0 at the bottom of the plot to {@code max} at its top. */
    double y(double value, double max) {
        return bottom - plotHeight() * (max <= 0 ? 0 : Math.min(1, value / max));
    }

    /** The finished {@code <svg>}, with {@code label} as its accessible name. */
    String svg(String label) {
        return "<svg class=\"chart-svg\" viewBox=\"0 0 " + n(WIDTH) + " " + n(height) + "\" role=\"img\" aria-label=\""
                + Html.esc(label) + "\">" + svg + "</svg>";
    }

    /**
     * Ticks from 0 to a round value at or above {@code max}, 2 to 6 of them, on a step of 1, 2 or 5 times a
     * power of ten; whole numbers only when {@code integers} (counts).
     */
    static double[] ticks(double max, boolean integers) {
        double wanted = max <= 0 ? (integers ? 1 : 0.01) : max;
        double rough = wanted / 5;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double fraction = rough / power;
        double step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
        if (integers) {
            step = Math.max(1, Math.round(step));
        }
        int count = (int) Math.ceil(wanted / step - 1e-9);
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i <= Math.max(1, count); i++) {
            ticks.add(i * step);
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A number for an attribute: at most two decimals, no exponent, no locale. */
    static String n(double value) {
        String s = String.format(Locale.ROOT, "%.2f", value);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
