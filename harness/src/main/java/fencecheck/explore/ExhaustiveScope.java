package fencecheck.explore;

import fencecheck.api.SinkKind;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What exhaustive mode covers: how many workers and keys, how deep, which actions make up the alphabet of steps,
 * the lease workers ask for, and the time the run may take. Settings are checked on construction; a bad one is
 * refused in one line saying what to do.
 *
 * <p>A write with an older token is not a letter of its own: the trace language's writes carry the token the worker
 * believes it holds, one above the fence (forged) or another key's, and a worker that lost its lease (a pause past
 * the lease, a takeover) writes with an older token through {@code write-held}.
 *
 * @param workers  workers w1..wN (1 to 4)
 * @param keys     job keys k1..kN (1 to 4)
 * @param depth    the longest trace explored, from 1
 * @param actions  the actions in the alphabet, by name (see {@link #ACTIONS})
 * @param leaseTtl the lease workers ask for (µs)
 * @param budget   how long the run may take; a scope whose estimate exceeds it is refused
 */
public record ExhaustiveScope(int workers, int keys, int depth, List<String> actions, long leaseTtl, Duration budget) {

    /** Every action name an alphabet may hold, with what it adds, per worker unless said otherwise. */
    public static final Map<String, String> ACTIONS = orderedActions();

    /**
     * The actions of the default alphabet: all of {@link #ACTIONS} but the optional ones, which are asked for by
     * name (they grow the alphabet, and leave state the fingerprint does not see, so their scopes are not merged).
     */
    public static final List<String> DEFAULT_ACTIONS = ACTIONS.keySet().stream()
            .filter(a -> !Set.of("lost-request", "lost-answer", "split", "job").contains(a)).toList();

    /** The cost of one try no machine beats (a reset and a statement per step); the estimate's floor. */
    static final long FLOOR_MICROS_PER_TRY = 2_000;

    /**
     * How many of the alphabet's steps lead to a new state per state, for the estimate: most steps do nothing new
     * after merging (a renew without a lease, a write of what is stored). Measured on the reference: 0.08 to 0.2 at depths 2 to 6.
     */
    static final double NEW_STATES_PER_LETTER = 0.1;

    public ExhaustiveScope {
        actions = List.copyOf(new LinkedHashSet<>(actions));
        if (workers < 1 || workers > Actors.MAX_WORKERS) {
            throw new IllegalArgumentException("exhaustive mode runs 1 to " + Actors.MAX_WORKERS + " workers, not " + workers
                    + ": set workers to 2 (the default)");
        }
        if (keys < 1 || keys > 4) {
            throw new IllegalArgumentException("exhaustive mode runs 1 to 4 keys, not " + keys + ": set keys to 1 (the default) or 2");
        }
        if (depth < 1) {
            throw new IllegalArgumentException("an exhaustive depth of " + depth + " explores nothing: give a depth of 1 or more");
        }
        for (String a : actions) {
            if (!ACTIONS.containsKey(a)) {
                throw new IllegalArgumentException("unknown action '" + a + "' in the exhaustive scope: use some of "
                        + String.join(", ", ACTIONS.keySet()));
            }
        }
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("the exhaustive scope has no actions: give some of " + String.join(", ", ACTIONS.keySet()));
        }
        if (leaseTtl < 4) {
            throw new IllegalArgumentException("a lease of " + leaseTtl + " µs leaves no room for a clock move either side of its end:"
                    + " give a lease of at least 4 µs");
        }
        if (budget == null || budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("the exhaustive run needs a positive time budget, not " + budget);
        }
    }

    /** The default scope: 2 workers, 1 key, the default actions, the default lease, a budget of {@code budget}. */
    public static ExhaustiveScope of(int depth, Duration budget) {
        return new ExhaustiveScope(2, 1, depth, DEFAULT_ACTIONS, Trace.DEFAULT_LEASE_TTL, budget);
    }

    public ExhaustiveScope withDepth(int newDepth) {
        return new ExhaustiveScope(workers, keys, newDepth, actions, leaseTtl, budget);
    }

    public ExhaustiveScope withActions(List<String> newActions) {
        return new ExhaustiveScope(workers, keys, depth, newActions, leaseTtl, budget);
    }

    public ExhaustiveScope withBudget(Duration newBudget) {
        return new ExhaustiveScope(workers, keys, depth, actions, leaseTtl, newBudget);
    }

    /** The job keys, k1..kN. */
    public List<String> keyNames() {
        List<String> names = new ArrayList<>();
        for (int k = 1; k <= keys; k++) {
            names.add("k" + k);
        }
        return names;
    }

    /** Every step a trace may take next, in a fixed order: the workers' in slot order, then the clock's and the nemesis'. */
    public List<Step> alphabet() {
        // a set: the job's writes are write-held's, once
        Set<Step> steps = new LinkedHashSet<>();
        Set<String> on = Set.copyOf(actions);
        for (int w = 1; w <= workers; w++) {
            String role = Actors.worker(w);
            for (String key : keyNames()) {
                if (on.contains("acquire")) {
                    steps.add(Step.worker(w, new Action.Acquire(key)));
                }
                if (on.contains("acquire-lost-answer")) {
                    steps.add(Step.worker(w, new Action.Acquire(key, true)));
                }
            }
            if (on.contains("renew")) {
                steps.add(Step.worker(w, new Action.Renew()));
            }
            if (on.contains("release")) {
                steps.add(Step.worker(w, new Action.Release()));
            }
            for (SinkKind sink : SinkKind.values()) {
                // the payload names the worker's role, so two workers' results differ and a restarted one's match
                if (on.contains("write-held") || on.contains("job")) {
                    steps.add(Step.worker(w, new Action.Write(sink, TokenSource.HELD, "r1", role)));
                }
                if (on.contains("write-forged")) {
                    steps.add(Step.worker(w, new Action.Write(sink, TokenSource.ABOVE_FENCE, "r1", role)));
                }
                if (on.contains("write-other-key") && keys > 1) {
                    steps.add(Step.worker(w, new Action.Write(sink, TokenSource.OTHER_KEY, "r1", role)));
                }
            }
            if (on.contains("job")) {
                steps.add(Step.worker(w, new Action.Begin()));
                steps.add(Step.worker(w, new Action.Claim()));
                steps.add(Step.worker(w, new Action.Commit()));
            }
            if (on.contains("restart")) {
                steps.add(Step.nemesis(new Action.Restart(role, false)));
            }
            // armed for the worker's next call, whatever it is: an acquire, a renew, a release, a write, a commit
            if (on.contains("lost-request")) {
                steps.add(Step.nemesis(new Action.Network(role, NetworkFault.REQUEST_LOST)));
            }
            if (on.contains("lost-answer")) {
                steps.add(Step.nemesis(new Action.Network(role, NetworkFault.RESPONSE_LOST)));
            }
            if (on.contains("split")) {
                steps.add(Step.nemesis(new Action.Split(role, 1)));
            }
        }
        if (on.contains("clock-to-end")) {
            for (String key : keyNames()) {
                for (long delta = -1; delta <= 1; delta++) {
                    steps.add(Step.clock(new Action.AdvanceToExpiry(key, delta)));
                }
            }
        }
        if (on.contains("pause-past-lease")) {
            steps.add(Step.clock(new Action.AdvanceBy(leaseTtl + 1)));
        }
        return List.copyOf(steps);
    }

    /** The faults in the alphabet, in words for the verdict. */
    public String faults() {
        List<String> f = new ArrayList<>();
        if (actions.contains("lost-request")) {
            f.add("lost requests");
        }
        if (actions.contains("acquire-lost-answer") || actions.contains("lost-answer")) {
            f.add("lost answers");
        }
        if (actions.contains("split")) {
            f.add("splits between a call's statements");
        }
        if (actions.contains("pause-past-lease")) {
            f.add("pauses past the lease");
        }
        if (actions.contains("restart")) {
            f.add("restarts");
        }
        return f.isEmpty() ? "none" : String.join(", ", f);
    }

    /** Whether the alphabet holds network faults, which need worker sessions through fault proxies. */
    public boolean needsFaultProxies() {
        return actions.contains("lost-request") || actions.contains("lost-answer");
    }

    /** Whether the alphabet holds the job transaction's statements, which need an implementation that has one. */
    public boolean needsJobTransaction() {
        return actions.contains("job");
    }

    /**
     * Why two traces of this alphabet that reach the same fingerprint may not be the same state, or empty when they
     * are. The fingerprint is taken where a try ends, after the runner rolled back what was open and finished what a
     * split stopped, and holds the lease rows only; a trace that goes on meets what was still open: a lost request or
     * answer armed for a worker's next call, a call a split stopped between its statements, an open job transaction,
     * and the job's rows.
     */
    public Optional<String> whyNotMerged() {
        List<String> hidden = actions.stream().filter(a -> Set.of("lost-request", "lost-answer", "split", "job").contains(a)).toList();
        if (hidden.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.join(", ", hidden) + " leave state the fingerprint does not see (a fault armed for a"
                + " worker's next call, a call stopped between its statements, an open job transaction, the job's rows)");
    }

    /** The scope in words: "2 workers, 1 key, faults: lost answers, restarts". */
    public String describe() {
        return workers + (workers == 1 ? " worker, " : " workers, ") + keys + (keys == 1 ? " key" : " keys") + ", faults: " + faults();
    }

    /**
     * An optimistic estimate of the tries the run takes: each state expanded by every letter; merged, with
     * {@link #NEW_STATES_PER_LETTER} of the letters leading to a new state, else every letter.
     *
     * @param merged whether states are merged
     */
    public double estimatedTries(boolean merged) {
        int letters = alphabet().size();
        double growth = merged ? Math.max(1, letters * NEW_STATES_PER_LETTER) : letters;
        double states = 1;
        double tries = 0;
        for (int d = 1; d <= depth; d++) {
            tries += states * letters;
            states *= growth;
        }
        return tries;
    }

    /**
     * Refuses, in one line, a scope that cannot finish in its budget even at the fastest a try runs.
     *
     * @param merged whether states are merged (without, every trace is expanded)
     */
    public void checkBudget(boolean merged) {
        double tries = estimatedTries(merged);
        double seconds = tries * FLOOR_MICROS_PER_TRY / 1e6;
        if (seconds > budget.toMillis() / 1000.0) {
            throw new IllegalArgumentException(String.format(
                    "an exhaustive depth of %d over %d steps needs some %,.0f tries%s, at least %,.0f s, over the budget of %d s:"
                            + " lower the depth, leave actions out, or raise the budget", depth, alphabet().size(), tries,
                    merged ? "" : " (states not merged)", seconds, budget.toSeconds()));
        }
    }

    private static Map<String, String> orderedActions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("acquire", "an acquire of each key");
        m.put("acquire-lost-answer", "an acquire of each key whose answer is lost (the grant happens, the worker does not hear of it)");
        m.put("renew", "a renew of the lease the worker believes it holds");
        m.put("release", "a release of it");
        m.put("write-held", "a write to each sink with the believed token (an older one once the lease is lost)");
        m.put("write-forged", "a write to each sink with a token above the fence");
        m.put("write-other-key", "a write to each sink with another key's latest token (with 2 keys or more)");
        m.put("restart", "a restart of the worker (a new owner, no belief; the old one dies)");
        m.put("lost-request", "optional: the request of the worker's next call is lost (an acquire, a renew, a write, a commit)");
        m.put("lost-answer", "optional: the answer of the worker's next call is lost, whatever the call");
        m.put("split", "optional: the worker's next call stops after its first statement, and goes on at its next step");
        m.put("job", "optional: the job transaction's begin, claim and commit (writes are write-held's), where the implementation has one");
        m.put("clock-to-end", "the clock to each lease's end and one unit either side");
        m.put("pause-past-lease", "the clock on past a whole lease, as a pause every worker sleeps through");
        return Collections.unmodifiableMap(m);
    }
}
