package fencecheck.report;

import java.util.List;

/**
 * The x axis of a timeline: x = left + timeScale * (t - t0) + gap * position.
 * Moving the clock takes width in proportion to the time that passed; steps
 * at the same instant sit a gap apart, so none hides another. The mapping is
 * monotone in both time and position. The gap and the time scale are stretched
 * or narrowed so that the try fills the width the drawing is laid out for (within
 * bounds that keep a mark and its label readable): the page then shows all of it
 * at that width instead of scrolling to the failing step.
 */
final class TimelineScale {

    /** Pixels between two steps at the same instant, when the drawing has the room: a mark and its label. */
    static final double GAP = 56;
    /** The narrowest gap: below it, labels of neighbouring steps take more rows than they save width. */
    static final double MIN_GAP = 34;
    /** The widest gap: a try of few steps is not spread out thinner than this. */
    static final double MAX_GAP = 150;
    /** Pixels for one lease duration, unless the whole try would then be wider than {@link #MOST_TIME_WIDTH}. */
    static final double LEASE_WIDTH = 220;
    static final double MOST_TIME_WIDTH = 660;
    /** Room kept right of the last step for the labels that end there. */
    static final double RIGHT_ROOM = 70;

    private final List<TimelineModel.Moment> moments;
    private final double left;
    private final double perMicro;
    private final double gap;
    private final long t0;

    /** The natural scale, laid out for no width in particular. */
    TimelineScale(List<TimelineModel.Moment> moments, long leaseTtl, double left) {
        this(moments, leaseTtl, left, 0);
    }

    /** @param width the width to fill (0: none, the natural gaps and time scale) */
    TimelineScale(List<TimelineModel.Moment> moments, long leaseTtl, double left, double width) {
        this.moments = moments;
        this.left = left;
        this.t0 = moments.isEmpty() ? 0 : moments.get(0).at();
        long span = moments.isEmpty() ? 0 : moments.get(moments.size() - 1).at() - t0;
        double perMicro = LEASE_WIDTH / Math.max(1, leaseTtl);
        if (span * perMicro > MOST_TIME_WIDTH) {
            perMicro = MOST_TIME_WIDTH / span;
        }
        double steps = Math.max(1, moments.size() - 1) + 0.6;
        double time = span * perMicro;
        double gap = GAP;
        double room = width - left - RIGHT_ROOM;
        if (width > 0 && room > 0) {
            double natural = time + GAP * steps;
            double stretch = room / natural;
            gap = Math.max(MIN_GAP, Math.min(MAX_GAP, GAP * stretch));
            // the clock's share follows, so that time and steps keep their proportions; never below a third of its own
            double timeRoom = room - gap * steps;
            if (span > 0) {
                double newTime = Math.max(time / 3, Math.min(timeRoom, time * Math.max(stretch, 1) * 1.5));
                perMicro = newTime / span;
            }
        }
        this.gap = gap;
        this.perMicro = perMicro;
    }

    double gap() {
        return gap;
    }

    /** The x of the step at {@code position}. */
    double x(int position) {
        return left + perMicro * (moments.get(position).at() - t0) + gap * position;
    }

    /**
     * The x of an instant: past the last step that ran at or before it by half a gap, so a
     * lease valid until exactly the instant of a step still reaches over that step.
     */
    double xAt(long micros) {
        int last = 0;
        for (int p = 0; p < moments.size(); p++) {
            if (moments.get(p).at() <= micros) {
                last = p;
            }
        }
        long after = Math.max(0, micros - moments.get(last).at());
        return x(last) + perMicro * after + gap / 2;
    }

    /** Where the drawing of the try ends: what lasts beyond the last step is cut here. */
    double end() {
        return moments.isEmpty() ? left : x(moments.size() - 1) + gap * 0.6;
    }

    double start() {
        return left - gap * 0.5;
    }
}
