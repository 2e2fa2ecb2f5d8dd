package fencecheck.report;

import fencecheck.report.TimelineModel.Band;
import fencecheck.report.TimelineModel.Bar;
import fencecheck.report.TimelineModel.Judgement;
import fencecheck.report.TimelineModel.Lane;
import fencecheck.report.TimelineModel.Mark;
import fencecheck.report.TimelineModel.Moment;
import fencecheck.report.TimelineModel.Primary;
import fencecheck.report.TimelineModel.Shade;
import fencecheck.report.TimelineModel.Wait;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where everything of a {@link TimelineModel} goes for one width, before {@link Timeline} draws it: the x axis is
 * {@link TimelineScale}'s; at the top, rows for the labels of the bands, then (after a failover) the strip of which
 * server was primary when; then each lane, top to bottom, with a strip for the labels of its shades, a row for its
 * leases, a row for its transactions, waits and marks, and as many rows of labels under them as it takes for no two
 * labels to overlap; then the axis and its labels.
 */
final class TimelineLayout {

    // geometry of a lane, from its top
    static final double STRIP_BASELINE = 11;
    static final double BAR_Y = 16;
    static final double BAR_H = 16;
    static final double CY = 48;
    static final double LABELS = 66;
    static final double ROW = 12;
    /** The primary strip's height, and its bar's. */
    static final double PRIMARY_H = 28;
    static final double PRIMARY_BAR_H = 18;

    static final double LABEL_SIZE = 10;
    static final double BAR_LABEL_SIZE = 10.5;
    static final double NAME_SIZE = 12;
    static final double HEADER_ROW = 13;

    final TimelineModel model;
    final List<Lane> lanes;
    final double nameColumn;
    final TimelineScale scale;
    final Map<Lane, LaneLayout> layouts = new IdentityHashMap<>();
    final Map<Bar, BarShape> barShapes = new IdentityHashMap<>();
    final Map<Primary, PrimaryShape> primaryShapes = new IdentityHashMap<>();
    final List<Text> header = new ArrayList<>();
    final List<Text> axisTexts = new ArrayList<>();
    /** Per position, half the width of the widest label under a mark there: a band around the step encloses it. */
    final Map<Integer, Double> labelHalf = new HashMap<>();
    double headerHeight;
    /** Where the primary strip starts (it is 0 high without a failover). */
    double primaryTop;
    double primaryHeight;
    double axisY;
    double height;
    /** The rightmost x anything reaches: the drawing grows to it. */
    double right;

    TimelineLayout(TimelineModel model, double width) {
        this.model = model;
        this.lanes = model.lanes();
        double names = 48;
        for (Lane lane : lanes) {
            names = Math.max(names, Math.max(TimelineText.width(lane.id, NAME_SIZE) * 1.1, TimelineText.width(lane.note, LABEL_SIZE)));
        }
        if (!model.primaries.isEmpty()) {
            names = Math.max(names, TimelineText.width("primary", NAME_SIZE) * 1.1);
        }
        this.nameColumn = names + 18;
        this.scale = new TimelineScale(model.moments, model.leaseTtl, nameColumn + 34, width);
        this.right = scale.end();
        layout();
    }

    record Text(double x, double y, String text, double size, String fill, boolean bold, String cls) {
    }

    static final class LaneLayout {
        double top;
        double height;
        final List<Text> texts = new ArrayList<>();
        final TimelineText.Rows labelRows = new TimelineText.Rows();
        final TimelineText.Rows barRow = new TimelineText.Rows();
        final TimelineText.Rows strip = new TimelineText.Rows();
    }

    /** Where a lease bar starts and ends, and why it ends there: expired, released, replaced, or it goes on past the try. */
    record BarShape(double x0, double x1, String ending) {
    }

    double plotLeft() {
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
                String fill = alarming ? TimelineShapes.colour(m.judgement())
                        : m.kind().contains(TimelineFailovers.LOST_KIND) ? TimelineShapes.LOST_COMMIT : TimelineShapes.TEXT;
                label(l, scale.x(m.position()), m.label(), fill, alarming);
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
        layoutPrimaries();
        double y = headerHeight + primaryHeight;
        for (Lane lane : lanes) {
            LaneLayout l = layouts.get(lane);
            l.top = y;
            y += l.height;
        }
        axisY = y + 10;
        layoutAxis();
    }

    /** Where a primary's stretch starts and ends, and its text: the server's label when it fits, else its letter. */
    record PrimaryShape(double x0, double x1, String text) {
    }

    private void layoutPrimaries() {
        primaryTop = headerHeight;
        primaryHeight = model.primaries.isEmpty() ? 0 : PRIMARY_H;
        for (Primary p : model.primaries) {
            // the first primary from the try's start, clear of the name column
            double x0 = p.from == 0 ? Math.max(plotLeft(), Math.min(scale.x(0) - 12, scale.start())) : scale.x(p.from);
            double x1 = p.to == null ? scale.end() : scale.x(p.to);
            String text = TimelineText.width(p.label, BAR_LABEL_SIZE) * 1.08 + 12 <= x1 - x0 ? p.label : p.letter;
            primaryShapes.put(p, new PrimaryShape(x0, x1, text));
        }
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

    static String bandColour(String kind) {
        return switch (kind) {
            case "divergent" -> "#c62828";
            case "violation" -> "#e65100";
            case "database-crash" -> "#e65100";
            case "failover" -> TimelineShapes.FAILOVER;
            default -> "#00695c";
        };
    }

    static String darker(String shadeKind) {
        return switch (shadeKind) {
            case "paused" -> "#8d6e00";
            case "zombie" -> "#7b1fa2";
            default -> "#546e7a";
        };
    }
}
