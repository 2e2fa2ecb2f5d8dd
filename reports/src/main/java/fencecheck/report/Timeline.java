package fencecheck.report;

import fencecheck.report.TimelineModel.Band;
import fencecheck.report.TimelineModel.Bar;
import fencecheck.report.TimelineModel.Judgement;
import fencecheck.report.TimelineModel.Lane;
import fencecheck.report.TimelineModel.Link;
import fencecheck.report.TimelineModel.Mark;
import fencecheck.report.TimelineModel.Moment;
import fencecheck.report.TimelineModel.Primary;
import fencecheck.report.TimelineModel.Shade;
import fencecheck.report.TimelineModel.Span;
import fencecheck.report.TimelineModel.Wait;

import java.util.List;

import static fencecheck.report.TimelineLayout.BAR_H;
import static fencecheck.report.TimelineLayout.BAR_Y;
import static fencecheck.report.TimelineLayout.CY;
import static fencecheck.report.TimelineLayout.LABEL_SIZE;
import static fencecheck.report.TimelineLayout.NAME_SIZE;
import static fencecheck.report.TimelineShapes.f;

/**
 * Draws a {@link TimelineModel} as inline SVG where {@link TimelineLayout} put
 * everything, with a legend of what it drew. Every string from a result goes
 * through {@link Html#esc}.
 */
final class Timeline {

    /**
     * The SVG laid out for a wide window and for a narrow one (the page shows one of them, by the width it has) and,
     * for the page, the legend of what they contain.
     */
    record Drawing(String svg, String narrow, String legend) {
    }

    /** The width the wide drawing is laid out for: a laptop's window, less the page's margins. */
    static final double WIDE = 1100;
    /** The width the narrow drawing is laid out for: what a window of 800 px leaves it. */
    static final double NARROW = 720;
    /** Below this window width the page shows the narrow drawing (see {@link FailurePage#STYLE}). */
    static final int NARROW_BELOW = 1080;
    /** Neither drawing is shrunk below this share of its size: a longer try scrolls inside its box instead. */
    private static final double LEAST_SCALE = 0.62;
    /** Nor grown beyond this: a try of few steps does not need its text larger than that. */
    private static final double MOST_SCALE = 1.3;

    private final TimelineModel model;
    /** Appended to the drawing's ids, so two drawings on one page do not share them. */
    private final String ids;
    private final String variant;
    private final TimelineLayout at;
    private final List<Lane> lanes;
    private final TimelineScale scale;
    private final TimelineLegend legend = new TimelineLegend();

    private Timeline(TimelineModel model, double width, String variant) {
        this.model = model;
        this.variant = variant;
        this.ids = "-" + variant;
        this.at = new TimelineLayout(model, width);
        this.lanes = at.lanes;
        this.scale = at.scale;
    }

    /** The SVG of a failure's timeline, or an empty string when it has no history. */
    static String svg(RunResult.Failure failure) {
        Drawing d = drawing(failure);
        return d == null ? "" : d.svg();
    }

    /** The drawing of a failure's history, lease or job, or null when it has none. */
    static Drawing drawing(RunResult.Failure failure) {
        TimelineModel model = model(failure);
        if (model == null || model.moments.isEmpty()) {
            return null;
        }
        Timeline wide = new Timeline(model, WIDE, "wide");
        String svg = wide.draw();
        Timeline narrow = new Timeline(model, NARROW, "narrow");
        // both draw the same things: one legend explains either
        return new Drawing(svg, narrow.draw(), wide.legend.html());
    }

    static TimelineModel model(RunResult.Failure failure) {
        return failure.history() == null || failure.history().isEmpty() ? null : JobTimeline.of(failure);
    }

    // --- drawing -------------------------------------------------------------------------------------------

    private String draw() {
        double width = Math.ceil(Math.max(at.right, scale.end()) + 16);
        double lanesBottom = at.axisY - 10;
        StringBuilder s = new StringBuilder();
        // as wide as its box, its own proportions kept: the page shows the whole try without scrolling to its end
        s.append(f("<svg class=\"timeline-svg %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"100%%\" viewBox=\"0 0 %.0f %.0f\""
                        + " style=\"min-width: %.0fpx; max-width: %.0fpx\" data-width=\"%.0f\""
                        + " role=\"img\" aria-labelledby=\"timeline-title%s\" font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\" font-size=\"11\">\n",
                variant, width, Math.ceil(at.height), width * LEAST_SCALE, width * MOST_SCALE, width, ids));
        s.append("<title id=\"timeline-title").append(ids).append("\">Timeline of the failing try: one lane per ")
                .append(lanes.stream().anyMatch(l -> l.id.contains(".")) ? "worker incarnation" : "session")
                .append(", the virtual clock along the axis</title>\n");
        s.append(defs());
        for (int i = 0; i < lanes.size(); i++) {
            TimelineLayout.LaneLayout l = at.layouts.get(lanes.get(i));
            s.append(f("<rect class=\"lane-bg\" x=\"0\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    l.top, width, l.height, i % 2 == 0 ? "#fafbfc" : "#ffffff"));
        }
        s.append(bands(lanesBottom));
        s.append(primaries(width));
        for (Lane lane : lanes) {
            s.append(lane(lane, width));
        }
        s.append(links());
        s.append(axis(lanesBottom, width));
        s.append("</svg>\n");
        return s.toString();
    }

    private String defs() {
        StringBuilder d = new StringBuilder("<defs>\n");
        for (String kind : List.of("paused", "zombie", "dead")) {
            d.append(f("<pattern id=\"hatch-%s%s\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                    + "<rect width=\"8\" height=\"8\" fill=\"%s\" fill-opacity=\"0.10\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"%s\" stroke-width=\"3\" stroke-opacity=\"0.22\"/></pattern>\n",
                    kind, ids, TimelineShapes.shade(kind), TimelineShapes.shade(kind)));
        }
        d.append(f("<marker id=\"arrow%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
                + "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"%s\"/></marker>\n", ids, TimelineShapes.WAIT));
        return d.append("</defs>\n").toString();
    }

    private String bands(double lanesBottom) {
        StringBuilder s = new StringBuilder();
        double top = at.headerHeight - 4;
        for (Band b : model.bands) {
            double cx = scale.x(b.position());
            // around its step, wide enough for the labels under the step's marks: none runs across its edge
            double half = Math.max(Math.min(scale.gap(), TimelineScale.GAP) * 0.42, at.labelHalf.getOrDefault(b.position(), 0.0) + 5);
            int step = model.moments.get(b.position()).step();
            String rect = switch (b.kind()) {
                case "divergent" -> "fill=\"#e53935\" fill-opacity=\"0.10\" stroke=\"#c62828\" stroke-width=\"2\"";
                case "violation" -> "fill=\"#ef6c00\" fill-opacity=\"0.08\" stroke=\"#ef6c00\" stroke-width=\"2\" stroke-dasharray=\"4 3\"";
                case "database-crash" -> "fill=\"#ffcc80\" fill-opacity=\"0.45\" stroke=\"" + TimelineShapes.FAULT + "\"";
                case "failover" -> "fill=\"" + TimelineShapes.FAILOVER_FILL + "\" fill-opacity=\"0.45\" stroke=\"" + TimelineShapes.FAILOVER + "\"";
                default -> "fill=\"#b2dfdb\" fill-opacity=\"0.5\" stroke=\"#00897b\"";
            };
            String cls = b.kind().equals("divergent") ? "divergent" : "band " + b.kind();
            s.append(f("<g class=\"%s\" data-step=\"%d\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" %s/></g>\n",
                    cls, step, Html.esc(b.label() + (b.title() == null ? "" : "\n" + b.title())), cx - half, top, 2 * half,
                    lanesBottom - top + 4, rect));
            legend.use(b.kind());
        }
        for (TimelineLayout.Text t : at.header) {
            s.append(text(t, 0));
        }
        return s.toString();
    }

    /** The strip of which server was primary when, under the bands' labels and above the lanes; empty without a failover. */
    private String primaries(double width) {
        if (model.primaries.isEmpty()) {
            return "";
        }
        double top = at.primaryTop;
        double y = top + (TimelineLayout.PRIMARY_H - TimelineLayout.PRIMARY_BAR_H) / 2;
        StringBuilder s = new StringBuilder("<g class=\"primaries\">\n");
        s.append(f("<line x1=\"0\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#e3e7ee\"/>\n", top + at.primaryHeight, width,
                top + at.primaryHeight));
        s.append(f("<text class=\"lane-name\" x=\"10\" y=\"%.1f\" font-weight=\"700\" font-size=\"%.0f\" fill=\"#1d2330\">primary</text>\n",
                y + 13, NAME_SIZE));
        for (Primary p : model.primaries) {
            TimelineLayout.PrimaryShape shape = at.primaryShapes.get(p);
            String colour = TimelineShapes.server(p.letter);
            s.append(f("<g class=\"primary\" data-server=\"%s\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\""
                            + " rx=\"3\" fill=\"%s\" fill-opacity=\"0.28\" stroke=\"%s\"/>\n%s</g>\n",
                    Html.esc(p.letter), Html.esc(p.label + " was the primary" + (p.from == 0 ? " from the start" : " from step "
                            + model.moments.get(p.from).step()) + (p.to == null ? " to the end" : " until the failover at step "
                            + model.moments.get(p.to).step())),
                    shape.x0(), y, Math.max(6, shape.x1() - shape.x0()), TimelineLayout.PRIMARY_BAR_H, colour, colour,
                    text(new TimelineLayout.Text(shape.x0() + 6, y + 13, shape.text(), TimelineLayout.BAR_LABEL_SIZE, TimelineShapes.TEXT,
                            true, "primary-label"), 0)));
        }
        legend.use("primary");
        return s.append("</g>\n").toString();
    }

    private String lane(Lane lane, double width) {
        TimelineLayout.LaneLayout l = at.layouts.get(lane);
        double top = l.top;
        StringBuilder s = new StringBuilder();
        s.append(f("<g class=\"lane\" data-lane=\"%s\">\n", Html.esc(lane.id)));
        s.append(f("<line x1=\"0\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#e3e7ee\"/>\n", top + l.height, width, top + l.height));
        s.append(f("<text class=\"lane-name\" x=\"10\" y=\"%.1f\" font-weight=\"700\" font-size=\"%.0f\" fill=\"#1d2330\">%s</text>\n",
                top + CY + 4, NAME_SIZE, Html.esc(lane.id)));
        if (!lane.note.isEmpty()) {
            s.append(f("<text class=\"lane-note\" x=\"10\" y=\"%.1f\" font-size=\"%.0f\" fill=\"%s\">%s</text>\n",
                    top + CY + 18, LABEL_SIZE, TimelineShapes.MUTED, Html.esc(lane.note)));
        }
        for (Shade shade : lane.shades) {
            double x0 = scale.x(shade.from);
            double x1 = shade.to == null ? scale.end() : scale.x(shade.to);
            s.append(f("<rect class=\"shade %s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"url(#hatch-%s%s)\" stroke=\"%s\" stroke-opacity=\"0.5\"><title>%s</title></rect>\n",
                    shade.kind, x0, top + 2, Math.max(3, x1 - x0), l.height - 4, shade.kind, ids, TimelineShapes.shade(shade.kind), Html.esc(shade.label)));
            legend.use(shade.kind);
        }
        for (Span span : lane.spans) {
            double x0 = scale.x(span.from) - 11;
            double x1 = span.to == null ? scale.end() : scale.x(span.to) + 11;
            String end = span.end == null ? "open" : span.end;
            String[] look = TimelineShapes.span(end);
            String lost = span.lostInFailover ? ", then lost in the failover" : "";
            s.append(f("<g class=\"txn %s%s\"><title>transaction %s%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"24\" rx=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"%s/></g>\n",
                    end, span.lostInFailover ? " " + TimelineFailovers.LOST_KIND : "", end.equals("open") ? "still open" : end.replace('-', ' '),
                    lost, x0, top + CY - 12, x1 - x0, look[0], span.lostInFailover ? TimelineShapes.LOST_COMMIT : look[1],
                    span.lostInFailover ? "2.5" : "1.5", span.lostInFailover ? " stroke-dasharray=\"6 3\""
                            : look[2].isEmpty() ? "" : " stroke-dasharray=\"" + look[2] + "\""));
            legend.use("txn-" + end);
            if (span.lostInFailover) {
                legend.use(TimelineFailovers.LOST_KIND);
            }
        }
        for (Bar bar : lane.bars) {
            s.append(bar(bar, at.barShapes.get(bar), top));
        }
        for (Wait w : lane.waits) {
            double x0 = scale.x(w.from) + 9;
            double x1 = w.to == null ? scale.end() : scale.x(w.to) - 10;
            String colour = w.kind.equals("held") ? TimelineShapes.HELD : w.kind.equals("split") ? TimelineShapes.SPLIT
                    : w.expected ? TimelineShapes.WAIT : TimelineShapes.colour(Judgement.REFUSED_WRONGLY);
            s.append(f("<g class=\"%s\"><title>%s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"4\" stroke-dasharray=\"%s\"/></g>\n",
                    w.kind.equals("held") || w.kind.equals("split") ? w.kind : "wait" + (w.expected ? "" : " unexpected"), Html.esc(w.title),
                    x0, top + CY, Math.max(x0 + 6, x1), top + CY, colour, w.kind.equals("held") ? "2 2" : w.kind.equals("split") ? "6 2" : "5 3"));
            legend.use(w.kind.equals("held") || w.kind.equals("split") ? w.kind : w.expected ? "wait" : "wait-unexpected");
        }
        for (Mark m : lane.marks) {
            s.append(mark(m, top));
        }
        for (TimelineLayout.Text t : l.texts) {
            s.append(text(t, top));
        }
        s.append("</g>\n");
        return s.toString();
    }

    private String bar(Bar bar, TimelineLayout.BarShape shape, double top) {
        String title = bar.key + " token " + bar.token + ", valid until " + Html.time(bar.until) + switch (shape.ending()) {
            case "continues" -> ", still valid when the try stopped";
            case "expired" -> ", then expired";
            default -> ", then " + shape.ending();
        } + (bar.answerLost ? "; the grant's answer was lost" : "")
                + (bar.lostInFailover ? " (the new primary never had the grant)" : "");
        double y = top + BAR_Y;
        String fill = bar.answerLost ? "fill=\"#fff\" stroke=\"" + TimelineShapes.LEASE + "\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\""
                : "fill=\"" + TimelineShapes.LEASE + "\"";
        StringBuilder s = new StringBuilder();
        s.append(f("<g class=\"lease%s%s %s\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" rx=\"3\" %s/>",
                bar.answerLost ? " answer-lost" : "", bar.lostInFailover ? " " + TimelineFailovers.LOST_KIND : "",
                shape.ending().replace(' ', '-'), Html.esc(title), shape.x0(), y, shape.x1() - shape.x0(), BAR_H, fill));
        legend.use(bar.answerLost ? "lease-lost" : "lease");
        if (bar.lostInFailover) {
            s.append(TimelineShapes.struckBar(shape.x0() - 2, shape.x1() + 2, y + BAR_H / 2));
            legend.use(TimelineFailovers.LOST_KIND);
        }
        switch (shape.ending()) {
            case "expired" -> {
                s.append(f("<path class=\"expiry\" d=\"M %.1f %.1f v %.0f\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                        shape.x1(), y - 3, BAR_H + 6, TimelineShapes.EXPIRY));
                legend.use("expiry");
            }
            case "continues" -> s.append(f("<path d=\"M %.1f %.1f l 7 8 l -7 8 z\" fill=\"%s\"/>", shape.x1(), y, TimelineShapes.LEASE));
            default -> s.append(f("<path d=\"M %.1f %.1f v %.0f\" stroke=\"%s\" stroke-width=\"2.5\"/>",
                    shape.x1(), y - 2, BAR_H + 4, TimelineShapes.LEASE_OP));
        }
        return s.append("</g>\n").toString();
    }

    private String mark(Mark m, double top) {
        double cx = scale.x(m.position());
        double cy = top + CY;
        String judgement = m.judgement() == null ? "" : " " + m.judgement().css;
        StringBuilder s = new StringBuilder();
        s.append(f("<g class=\"mark %s%s\" data-step=\"%d\"><title>%s</title>", Html.esc(m.kind()), judgement,
                model.moments.get(m.position()).step(), Html.esc(m.title())));
        s.append(TimelineShapes.mark(m.kind(), m.judgement(), m.letter(), cx, cy));
        if (m.differs() && m.judgement() != Judgement.ACCEPTED_STALE && m.judgement() != Judgement.REFUSED_WRONGLY) {
            // a judged colour says it already; elsewhere a ring shows that the answer is not the model's
            s.append(TimelineShapes.differs(cx, cy));
            legend.use("differs");
        }
        if (m.kind().contains(TimelineFailovers.LOST_KIND)) {
            s.append(TimelineShapes.struck(cx - 12, cx + 12, cy));
            legend.use(TimelineFailovers.LOST_KIND);
        }
        String key = TimelineLegend.keyOf(m);
        if (key != null) {
            legend.use(key);
        }
        if (m.kind().endsWith("rolled-back")) {
            legend.use("rolled-back");
        }
        if ("CBO".contains(m.letter()) && !m.letter().isEmpty()) {
            legend.use("letters");
        }
        return s.append("</g>\n").toString();
    }

    private String links() {
        StringBuilder s = new StringBuilder();
        for (Link link : model.links) {
            Lane from = lanes.stream().filter(l -> l.id.equals(link.fromLane())).findFirst().orElse(null);
            Lane to = lanes.stream().filter(l -> l.id.equals(link.toLane())).findFirst().orElse(null);
            if (from == null || to == null) {
                continue;
            }
            double x = scale.x(link.position());
            double y0 = at.layouts.get(from).top + CY;
            double y1 = at.layouts.get(to).top + CY;
            double direction = Math.signum(y1 - y0);
            s.append(f("<g class=\"wait-link\"><title>%s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#arrow%s)\"/></g>\n",
                    Html.esc(link.title()), x, y0 + direction * 10, x, y1 - direction * 11, TimelineShapes.WAIT, ids));
            legend.use("link");
        }
        return s.toString();
    }

    private String axis(double lanesBottom, double width) {
        StringBuilder s = new StringBuilder("<g class=\"axis\">\n");
        double y = at.axisY;
        s.append(f("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", scale.start(), y, scale.end(), y, TimelineShapes.MUTED));
        s.append(f("<text x=\"10\" y=\"%.1f\" fill=\"%s\" font-size=\"10\">step</text>\n", y + 14, TimelineShapes.MUTED));
        s.append(f("<text x=\"10\" y=\"%.1f\" fill=\"%s\" font-size=\"10\">clock</text>\n", y + 28, TimelineShapes.MUTED));
        for (int p = 0; p < model.moments.size(); p++) {
            Moment m = model.moments.get(p);
            double x = scale.x(p);
            if (m.clockMoved() && p > 0) {
                s.append(f("<line class=\"clock-move\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#1a5fd0\" stroke-width=\"4\"/>\n",
                        scale.x(p - 1), y, x, y));
                legend.use("clock-move");
            }
            s.append(f("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x, y, x, y + 4, TimelineShapes.MUTED));
            s.append(f("<text class=\"step\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\" font-size=\"9.5\">#%d</text>\n",
                    x, y + 14, TimelineShapes.MUTED, m.step()));
        }
        for (Lane lane : lanes) {
            for (Bar bar : lane.bars) {
                TimelineLayout.BarShape shape = at.barShapes.get(bar);
                if (shape.ending().equals("expired")) {
                    double barBottom = at.layouts.get(lane).top + BAR_Y + BAR_H;
                    s.append(f("<line class=\"expiry-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-opacity=\"0.45\" stroke-dasharray=\"2 3\"/>\n",
                            shape.x1(), barBottom + 2, shape.x1(), y - 6, TimelineShapes.EXPIRY));
                    s.append(f("<path class=\"expiry-mark\" d=\"M %.1f %.1f h 9 l -4.5 7 z\" fill=\"%s\"><title>%s</title></path>\n",
                            shape.x1() - 4.5, y - 7, TimelineShapes.EXPIRY,
                            Html.esc(bar.key + " token " + bar.token + " expires at " + Html.time(bar.until))));
                }
            }
        }
        for (TimelineLayout.Text t : at.axisTexts) {
            s.append(text(t, 0));
        }
        return s.append("</g>\n").toString();
    }

    private static String text(TimelineLayout.Text t, double top) {
        return f("<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\"%s>%s</text>\n", t.cls(), t.x(), top + t.y(),
                t.size(), t.fill(), t.bold() ? " font-weight=\"700\"" : "", Html.esc(t.text()));
    }
}