package fencecheck.nodes;

import fencecheck.nodes.NemesisStep.Fault;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What a seed's nemesis plan may hold: how many steps, which faults, the wait before each step and each fault's
 * length, each drawn uniformly between its bounds. Lengths are meant to outlast the scheduler's own failure
 * detection (its check-in interval or heartbeat limit), so {@code minLength} is set from the adapter's settings.
 *
 * @param steps     how many steps
 * @param faults    the faults to draw from
 * @param minAfter  the shortest wait before a step
 * @param maxAfter  the longest wait before a step
 * @param minLength the shortest fault
 * @param maxLength the longest fault
 */
public record NemesisPlan(int steps, List<Fault> faults, Duration minAfter, Duration maxAfter, Duration minLength,
                          Duration maxLength) {

    public NemesisPlan {
        faults = List.copyOf(faults);
        if (steps < 0 || faults.isEmpty() && steps > 0) {
            throw new IllegalArgumentException("a nemesis plan needs a step count of at least 0 and at least one fault to draw");
        }
        if (minAfter.compareTo(maxAfter) > 0 || minLength.compareTo(maxLength) > 0) {
            throw new IllegalArgumentException("a nemesis plan's lower bounds must not exceed its upper ones");
        }
    }

    /** The steps the seed picks for a cluster of {@code nodes} nodes: the same seed, the same plan. */
    public List<NemesisStep> draw(long seed, int nodes) {
        SplittableRandom random = new SplittableRandom(seed);
        List<NemesisStep> plan = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            int node = 1 + random.nextInt(nodes);
            Fault fault = faults.get(random.nextInt(faults.size()));
            plan.add(new NemesisStep(node, fault, between(random, minAfter, maxAfter), between(random, minLength, maxLength)));
        }
        return plan;
    }

    private static Duration between(SplittableRandom random, Duration low, Duration high) {
        long spread = high.toMillis() - low.toMillis();
        return low.plusMillis(spread == 0 ? 0 : random.nextLong(spread + 1));
    }
}
