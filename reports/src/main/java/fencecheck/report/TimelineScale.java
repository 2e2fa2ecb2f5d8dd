package fencecheck.report;

import java.util.List;

/**
 * The x axis of a timeline: x = left + timeScale * (t - t0) + gap * position.
 * Moving the clock takes width in proportion to the time that passed; steps
 * at the same instant sit a fixed gap apart, so none hides another. The
 * mapping is monotone in both time and position.
 */
final class TimelineScale {

    /** Pixels between two steps at the same instant: room for a mark and its label. */
    static final double GAP = 56;
    /** Pixels for one lease duration, unless the whole try would then be wider than {@link #MOST_TIME_WIDTH}. */
    static final double LEASE_WIDTH = 220;
    static final double MOST_TIME_WIDTH = 660;

    private final List<TimelineModel.Moment> moments;
    private final double left;
    private final double perMicro;
    private final long t0;

    TimelineScale(List<TimelineModel.Moment> moments, long leaseTtl, double left) {
        this.moments = moments;
        this.left = left;
        this.t0 = moments.isEmpty() ? 0 : moments.get(0).at();
        long span = moments.isEmpty() ? 0 : moments.get(moments.size() - 1).at() - t0;
        double perMicro = LEASE_WIDTH / Math.max(1, leaseTtl);
        if (span * perMicro > MOST_TIME_WIDTH) {
            perMicro = MOST_TIME_WIDTH / span;
        }
        this.perMicro = perMicro;
    }

    /** The x of the step at {@code position}. */
    double x(int position) {
        return left + perMicro * (moments.get(position).at() - t0) + GAP * position;
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
        return x(last) + perMicro * after + GAP / 2;
    }

    /** Where the drawing of the try ends: what lasts beyond the last step is cut here. */
    double end() {
        return moments.isEmpty() ? left : x(moments.size() - 1) + GAP * 0.6;
    }

    double start() {
        return left - GAP * 0.5;
    }
}
