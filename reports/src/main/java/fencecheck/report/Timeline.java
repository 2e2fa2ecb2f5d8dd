package fencecheck.report;

import fencecheck.report.TimelineModel.Band;
import fencecheck.report.TimelineModel.Bar;
import fencecheck.report.TimelineModel.Judgement;
import fencecheck.report.TimelineModel.Lane;
import fencecheck.report.TimelineModel.Link;
import fencecheck.report.TimelineModel.Mark;
import fencecheck.report.TimelineModel.Moment;
import fencecheck.report.TimelineModel.Shade;
import fencecheck.report.TimelineModel.Span;
import fencecheck.report.TimelineModel.Wait;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static fencecheck.report.TimelineShapes.f;

/**
 * Draws a {@link TimelineModel} as inline SVG, with a legend of what it drew.
 * The x axis is {@link TimelineScale}'s; each lane, top to bottom, has a strip
 * for the labels of its shades, a row for its leases, a row for its
 * transactions, waits and marks, and as many rows of labels under them as it
 * takes for no two labels to overlap. Every string from a result goes
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

    // geometry of a lane, from its top
    private static final double STRIP_BASELINE = 11;
    private static final double BAR_Y = 16;
    private static final double BAR_H = 16;
    private static final double CY = 48;
    private static final double LABELS = 66;
    private static final double ROW = 12;

    private static final double LABEL_SIZE = 10;
    private static final double BAR_LABEL_SIZE = 10.5;
    private static final double NAME_SIZE = 12;
    private static final double HEADER_ROW = 13;

    private final TimelineModel model;
    /** Appended to the drawing's ids, so two drawings on one page do not share them. */
    private final String ids;
    private final String variant;
    private final List<Lane> lanes;
    private final double nameColumn;
    private final TimelineScale scale;
    private final TimelineLegend legend = new TimelineLegend();
    private final Map<Lane, LaneLayout> layouts = new IdentityHashMap<>();
    private final Map<Bar, BarShape> barShapes = new IdentityHashMap<>();
    private final List<Text> header = new ArrayList<>();
    private final List<Text> axisTexts = new ArrayList<>();
    /** Per position, half the width of the widest label under a mark there: a band around the step encloses it. */
    private final Map<Integer, Double> labelHalf = new java.util.HashMap<>();
    private double headerHeight;
    private double axisY;
    private double height;
    /** The rightmost x anything reaches: the drawing grows to it. */
    private double right;

    private Timeline(TimelineModel model, double width, String variant) {
        this.model = model;
        this.variant = variant;
        this.ids = "-" + variant;
        this.lanes = model.lanes();
        double names = 48;
        for (Lane lane : lanes) {
            names = Math.max(names, Math.max(TimelineText.width(lane.id, NAME_SIZE) * 1.1, TimelineText.width(lane.note, LABEL_SIZE)));
        }
        this.nameColumn = names + 18;
        this.scale = new TimelineScale(model.moments, model.leaseTtl, nameColumn + 34, width);
        this.right = scale.end();
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
        wide.layout();
        String svg = wide.draw();
        Timeline narrow = new Timeline(model, NARROW, "narrow");
        narrow.layout();
        // both draw the same things: one legend explains either
        return new Drawing(svg, narrow.draw(), wide.legend.html());
    }

    static TimelineModel model(RunResult.Failure failure) {
        return failure.history() == null || failure.history().isEmpty() ? null : JobTimeline.of(failure);
    }

    // --- layout: where every piece of text goes, so that none overlaps another -----------------------------

    /** A piece of text; y is relative to its lane's top for lane texts, absolute otherwise. */
    private record Text(double x, double y, String text, double size, String fill, boolean bold, String cls) {
    }

    private static final class LaneLayout {
        double top;
        double height;
        final List<Text> texts = new ArrayList<>();
        final TimelineText.Rows labelRows = new TimelineText.Rows();
        final TimelineText.Rows barRow = new TimelineText.Rows();
        final TimelineText.Rows strip = new TimelineText.Rows();
    }

    /** Where a lease bar starts and ends, and why it ends there: expired, released, replaced, or it goes on past the try. */
    private record BarShape(double x0, double x1, String ending) {
    }

    private double plotLeft() {
        return nameColumn + 4;
    }

    private void layout() {
        for (Lane lane : lanes) {
            LaneLayout l = new LaneLayout();
            layouts.put(lane, l);
            for (Bar bar : lane.bars) {
                BarShape shape = barShape(bar);
                barShapes.put(bar, shape);
                l.barRow.place(shape.x0(), shape.x1(), 0);
            }
            for (Bar bar : lane.bars) {
                barLabel(l, bar, barShapes.get(bar));
            }
            for (Shade shade : lane.shades) {
                double x0 = scale.x(shade.from) + 3;
                double w = TimelineText.width(shade.label, LABEL_SIZE);
                if (l.strip.tryPlace(x0, x0 + w, 0)) {
                    l.texts.add(new Text(x0, STRIP_BASELINE, shade.label, LABEL_SIZE, darker(shade.kind), false, "shade-label"));
                    right = Math.max(right, x0 + w);
                } else {
                    label(l, x0 + w / 2, shade.label, darker(shade.kind), false);
                }
            }
            List<Mark> marks = new ArrayList<>(lane.marks);
            marks.sort(Comparator.comparingInt(Mark::position));
            for (Mark m : marks) {
                boolean alarming = m.judgement() == Judgement.ACCEPTED_STALE || m.judgement() == Judgement.REFUSED_WRONGLY;
                label(l, scale.x(m.position()), m.label(), alarming ? TimelineShapes.colour(m.judgement()) : TimelineShapes.TEXT, alarming);
                if (m.label() != null) {
                    for (String line : m.label().split("\n")) {
                        double half = TimelineText.width(line, LABEL_SIZE) * (alarming ? 1.08 : 1) / 2;
                        labelHalf.merge(m.position(), half, Math::max);
                    }
                }
            }
            for (Wait w : lane.waits) {
                if (w.kind.equals("held")) {
                    label(l, scale.x(w.from), "held", TimelineShapes.HELD, false);
                }
            }
            l.height = LABELS + l.labelRows.count() * ROW + 4;
        }
        layoutHeader();
        double y = headerHeight;
        for (Lane lane : lanes) {
            LaneLayout l = layouts.get(lane);
            l.top = y;
            y += l.height;
        }
        axisY = y + 10;
        layoutAxis();
    }

    private BarShape barShape(Bar bar) {
        double x0 = scale.x(bar.from);
        double expiry = scale.xAt(bar.until);
        double x1;
        String ending;
        if (bar.endedAt != null && scale.x(bar.endedAt) <= expiry) {
            x1 = scale.x(bar.endedAt);
            ending = bar.ending;
        } else if (expiry <= scale.end()) {
            x1 = expiry;
            ending = "expired";
        } else {
            x1 = scale.end();
            ending = "continues";
        }
        return new BarShape(x0, Math.max(x1, x0 + 6), ending);
    }

    /** A lease's label goes inside its bar when it fits, else beside it, else under the lane. */
    private void barLabel(LaneLayout l, Bar bar, BarShape shape) {
        String text = bar.label();
        double w = TimelineText.width(text, BAR_LABEL_SIZE) * 1.08;
        if (shape.x1() - shape.x0() >= w + 10) {
            l.texts.add(new Text(shape.x0() + 6, BAR_Y + 12, text, BAR_LABEL_SIZE, bar.answerLost ? TimelineShapes.LEASE_OP : "#fff",
                    true, "lease-label"));
            return;
        }
        double x0 = shape.x1() + 7;
        if (l.barRow.tryPlace(x0, x0 + w, 0)) {
            l.texts.add(new Text(x0, BAR_Y + 12, text, BAR_LABEL_SIZE, TimelineShapes.LEASE_OP, true, "lease-label"));
            right = Math.max(right, x0 + w);
        } else {
            label(l, (shape.x0() + shape.x1()) / 2, text, TimelineShapes.LEASE_OP, true);
        }
    }

    /** Text centred under {@code cx} in the lane's label rows, one row per line, each line in the first free row. */
    private void label(LaneLayout l, double cx, String text, String fill, boolean bold) {
        if (text == null || text.isEmpty()) {
            return;
        }
        int row = 0;
        for (String line : text.split("\n")) {
            double w = TimelineText.width(line, LABEL_SIZE) * (bold ? 1.08 : 1);
            double x0 = Math.max(plotLeft(), cx - w / 2);
            row = l.labelRows.place(x0, x0 + w, row);
            l.texts.add(new Text(x0, LABELS + row * ROW + 9, line, LABEL_SIZE, fill, bold, "label"));
            right = Math.max(right, x0 + w);
            row++;
        }
    }

    private void layoutHeader() {
        TimelineText.Rows rows = new TimelineText.Rows();
        List<Band> bands = new ArrayList<>(model.bands);
        // the divergence first: it gets the row nearest the lanes' top
        bands.sort(Comparator.comparing((Band b) -> !b.kind().equals("divergent")).thenComparingInt(Band::position));
        List<Text> placed = new ArrayList<>();
        List<Integer> rowOf = new ArrayList<>();
        for (Band b : bands) {
            boolean divergent = b.kind().equals("divergent");
            double size = divergent ? 11 : 10.5;
            double w = TimelineText.width(b.label(), size) * 1.08;
            double cx = scale.x(b.position());
            double x0 = cx - w / 2;
            // a long label near the end leans left rather than widening the drawing
            if (x0 + w > scale.end() + 30) {
                x0 = scale.end() + 30 - w;
            }
            x0 = Math.max(plotLeft(), x0);
            int row = rows.place(x0, x0 + w, 0);
            right = Math.max(right, x0 + w);
            placed.add(new Text(x0, 0, b.label(), size, bandColour(b.kind()), true, "band-label " + b.kind()));
            rowOf.add(row);
        }
        int count = rows.count();
        headerHeight = count == 0 ? 8 : 6 + count * HEADER_ROW + 6;
        for (int i = 0; i < placed.size(); i++) {
            Text t = placed.get(i);
            // row 0 is the lowest, next to the lanes
            double baseline = headerHeight - 8 - rowOf.get(i) * HEADER_ROW;
            header.add(new Text(t.x(), baseline, t.text(), t.size(), t.fill(), t.bold(), t.cls()));
        }
    }

    private void layoutAxis() {
        TimelineText.Rows rows = new TimelineText.Rows();
        Long previous = null;
        for (int p = 0; p < model.moments.size(); p++) {
            Moment m = model.moments.get(p);
            if (previous == null || m.at() != previous) {
                String text = TimelineText.seconds(m.at());
                double w = TimelineText.width(text, LABEL_SIZE);
                double x0 = Math.max(plotLeft(), scale.x(p) - w / 2);
                int row = rows.place(x0, x0 + w, 0);
                axisTexts.add(new Text(x0, axisY + 28 + row * ROW, text, LABEL_SIZE, m.clockMoved() ? "#1a5fd0" : TimelineShapes.MUTED,
                        m.clockMoved(), "clock"));
                right = Math.max(right, x0 + w);
            }
            previous = m.at();
        }
        for (Lane lane : lanes) {
            for (Bar bar : lane.bars) {
                BarShape shape = barShapes.get(bar);
                String text = switch (shape.ending()) {
                    case "expired" -> bar.key + " t" + bar.token + " expires " + TimelineText.seconds(bar.until);
                    case "continues" -> bar.key + " t" + bar.token + " valid until " + TimelineText.seconds(bar.until) + " →";
                    default -> null;
                };
                if (text == null) {
                    continue;
                }
                double w = TimelineText.width(text, LABEL_SIZE);
                double x0 = shape.ending().equals("continues") ? shape.x1() - w : shape.x1() - w / 2;
                x0 = Math.max(plotLeft(), x0);
                int row = rows.place(x0, x0 + w, 0);
                axisTexts.add(new Text(x0, axisY + 28 + row * ROW, text, LABEL_SIZE, TimelineShapes.EXPIRY, false, "expiry-label"));
                right = Math.max(right, x0 + w);
            }
        }
        height = axisY + 28 + Math.max(1, rows.count()) * ROW + 4;
    }

    private static String bandColour(String kind) {
        return switch (kind) {
            case "divergent" -> "#c62828";
            case "violation" -> "#e65100";
            case "database-crash" -> "#e65100";
            default -> "#00695c";
        };
    }

    private static String darker(String shadeKind) {
        return switch (shadeKind) {
            case "paused" -> "#8d6e00";
            case "zombie" -> "#7b1fa2";
            default -> "#546e7a";
        };
    }

    // --- drawing -------------------------------------------------------------------------------------------

    private String draw() {
        double width = Math.ceil(Math.max(right, scale.end()) + 16);
        double lanesBottom = axisY - 10;
        StringBuilder s = new StringBuilder();
        // as wide as its box, its own proportions kept: the page shows the whole try without scrolling to its end
        s.append(f("<svg class=\"timeline-svg %s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"100%%\" viewBox=\"0 0 %.0f %.0f\""
                        + " style=\"min-width: %.0fpx; max-width: %.0fpx\" data-width=\"%.0f\""
                        + " role=\"img\" aria-labelledby=\"timeline-title%s\" font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\" font-size=\"11\">\n",
                variant, width, Math.ceil(height), width * LEAST_SCALE, width * MOST_SCALE, width, ids));
        s.append("<title id=\"timeline-title").append(ids).append("\">Timeline of the failing try: one lane per ")
                .append(lanes.stream().anyMatch(l -> l.id.contains(".")) ? "worker incarnation" : "session")
                .append(", the virtual clock along the axis</title>\n");
        s.append(defs());
        for (int i = 0; i < lanes.size(); i++) {
            LaneLayout l = layouts.get(lanes.get(i));
            s.append(f("<rect class=\"lane-bg\" x=\"0\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    l.top, width, l.height, i % 2 == 0 ? "#fafbfc" : "#ffffff"));
        }
        s.append(bands(lanesBottom));
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
        double top = headerHeight - 4;
        for (Band b : model.bands) {
            double cx = scale.x(b.position());
            // around its step, wide enough for the labels under the step's marks: none runs across its edge
            double half = Math.max(Math.min(scale.gap(), TimelineScale.GAP) * 0.42, labelHalf.getOrDefault(b.position(), 0.0) + 5);
            int step = model.moments.get(b.position()).step();
            String rect = switch (b.kind()) {
                case "divergent" -> "fill=\"#e53935\" fill-opacity=\"0.10\" stroke=\"#c62828\" stroke-width=\"2\"";
                case "violation" -> "fill=\"#ef6c00\" fill-opacity=\"0.08\" stroke=\"#ef6c00\" stroke-width=\"2\" stroke-dasharray=\"4 3\"";
                case "database-crash" -> "fill=\"#ffcc80\" fill-opacity=\"0.45\" stroke=\"" + TimelineShapes.FAULT + "\"";
                default -> "fill=\"#b2dfdb\" fill-opacity=\"0.5\" stroke=\"#00897b\"";
            };
            String cls = b.kind().equals("divergent") ? "divergent" : "band " + b.kind();
            s.append(f("<g class=\"%s\" data-step=\"%d\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" %s/></g>\n",
                    cls, step, Html.esc(b.label() + (b.title() == null ? "" : "\n" + b.title())), cx - half, top, 2 * half,
                    lanesBottom - top + 4, rect));
            legend.use(b.kind());
        }
        for (Text t : header) {
            s.append(text(t, 0));
        }
        return s.toString();
    }

    private String lane(Lane lane, double width) {
        LaneLayout l = layouts.get(lane);
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
            s.append(f("<g class=\"txn %s\"><title>transaction %s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"24\" rx=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"%s/></g>\n",
                    end, end.equals("open") ? "still open" : end.replace('-', ' '), x0, top + CY - 12, x1 - x0, look[0], look[1],
                    look[2].isEmpty() ? "" : " stroke-dasharray=\"" + look[2] + "\""));
            legend.use("txn-" + end);
        }
        for (Bar bar : lane.bars) {
            s.append(bar(bar, barShapes.get(bar), top));
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
        for (Text t : l.texts) {
            s.append(text(t, top));
        }
        s.append("</g>\n");
        return s.toString();
    }

    private String bar(Bar bar, BarShape shape, double top) {
        String title = bar.key + " token " + bar.token + ", valid until " + Html.time(bar.until) + switch (shape.ending()) {
            case "continues" -> ", still valid when the try stopped";
            case "expired" -> ", then expired";
            default -> ", then " + shape.ending();
        } + (bar.answerLost ? "; the grant's answer was lost" : "");
        double y = top + BAR_Y;
        String fill = bar.answerLost ? "fill=\"#fff\" stroke=\"" + TimelineShapes.LEASE + "\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\""
                : "fill=\"" + TimelineShapes.LEASE + "\"";
        StringBuilder s = new StringBuilder();
        s.append(f("<g class=\"lease%s %s\"><title>%s</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" rx=\"3\" %s/>",
                bar.answerLost ? " answer-lost" : "", shape.ending(), Html.esc(title), shape.x0(), y, shape.x1() - shape.x0(), BAR_H, fill));
        legend.use(bar.answerLost ? "lease-lost" : "lease");
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
            double y0 = layouts.get(from).top + CY;
            double y1 = layouts.get(to).top + CY;
            double direction = Math.signum(y1 - y0);
            s.append(f("<g class=\"wait-link\"><title>%s</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#arrow%s)\"/></g>\n",
                    Html.esc(link.title()), x, y0 + direction * 10, x, y1 - direction * 11, TimelineShapes.WAIT, ids));
            legend.use("link");
        }
        return s.toString();
    }

    private String axis(double lanesBottom, double width) {
        StringBuilder s = new StringBuilder("<g class=\"axis\">\n");
        double y = axisY;
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
                BarShape shape = barShapes.get(bar);
                if (shape.ending().equals("expired")) {
                    double barBottom = layouts.get(lane).top + BAR_Y + BAR_H;
                    s.append(f("<line class=\"expiry-line\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-opacity=\"0.45\" stroke-dasharray=\"2 3\"/>\n",
                            shape.x1(), barBottom + 2, shape.x1(), y - 6, TimelineShapes.EXPIRY));
                    s.append(f("<path class=\"expiry-mark\" d=\"M %.1f %.1f h 9 l -4.5 7 z\" fill=\"%s\"><title>%s</title></path>\n",
                            shape.x1() - 4.5, y - 7, TimelineShapes.EXPIRY,
                            Html.esc(bar.key + " token " + bar.token + " expires at " + Html.time(bar.until))));
                }
            }
        }
        for (Text t : axisTexts) {
            s.append(text(t, 0));
        }
        return s.append("</g>\n").toString();
    }

    private static String text(Text t, double top) {
        return f("<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\"%s>%s</text>\n", t.cls(), t.x(), top + t.y(),
                t.size(), t.fill(), t.bold() ? " font-weight=\"700\"" : "", Html.esc(t.text()));
    }
}
