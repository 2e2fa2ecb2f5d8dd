package fencecheck.findings;

import fencecheck.model.Micros;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Simpler versions of one step of a trace, for the last pass of {@link TraceShrinker}, toward what the property
 * engine's shrinking of a step's values aimed at before: a clock move toward its smallest, a flag toward false, the
 * held token, a lower worker (a zombie's step done by the worker itself), and a key, result id or payload that
 * another step of the trace uses and that sorts first. A few candidates per step, so the pass costs a few re-runs,
 * not a search; a step with nothing simpler gives none.
 */
final class StepSimplifier {

    private StepSimplifier() {
    }

    /** The simpler versions of {@code steps.get(index)}, the most promising first. */
    static List<Step> simpler(List<Step> steps, int index) {
        Step step = steps.get(index);
        List<Step> candidates = new ArrayList<>();
        simplerValues(step.action()).forEach(a -> candidates.add(new Step(step.actor(), a)));
        simplerNames(steps, step.action()).forEach(a -> candidates.add(new Step(step.actor(), a)));
        if (step.action() instanceof Action.WorkerStatement) {
            lowerActors(step.actor()).forEach(actor -> candidates.add(new Step(actor, step.action())));
        }
        if (step.action() instanceof Action.WorkerFault fault) {
            lowerActors(fault.worker()).forEach(worker -> candidates.add(new Step(step.actor(), aimedAt(fault, worker))));
        }
        return candidates;
    }

    private static List<Action> simplerValues(Action action) {
        List<Action> simpler = new ArrayList<>();
        switch (action) {
            case Action.AdvanceBy by when by.micros() > 1 -> {
                simpler.add(new Action.AdvanceBy(1));
                long wholeSeconds = by.micros() / Micros.SECOND * Micros.SECOND;
                if (wholeSeconds > 0 && wholeSeconds != by.micros()) {
                    simpler.add(new Action.AdvanceBy(wholeSeconds));
                }
            }
            case Action.AdvanceToExpiry to when Math.abs(to.deltaMicros()) > 1 ->
                    simpler.add(new Action.AdvanceToExpiry(to.key(), Long.signum(to.deltaMicros())));
            case Action.Acquire acquire when acquire.receiptLost() -> simpler.add(new Action.Acquire(acquire.key(), false));
            case Action.Write write when write.token() != TokenSource.HELD ->
                    simpler.add(new Action.Write(write.sink(), TokenSource.HELD, write.resultId(), write.payload()));
            case Action.Restart restart when restart.zombie() -> simpler.add(new Action.Restart(restart.worker(), false));
            case Action.Relay relay when relay.crashBeforeMark() -> simpler.add(new Action.Relay(false));
            case Action.Split split when split.afterStatements() > 1 -> simpler.add(new Action.Split(split.worker(), 1));
            default -> {
                // nothing simpler: the step's values are already the smallest
            }
        }
        return simpler;
    }

    /** The step with a key, result id or payload of another step that sorts before its own. */
    private static List<Action> simplerNames(List<Step> steps, Action action) {
        List<Action> simpler = new ArrayList<>();
        switch (action) {
            case Action.Acquire a -> before(steps, StepSimplifier::keyOf, a.key()).forEach(k -> simpler.add(new Action.Acquire(k, a.receiptLost())));
            case Action.AdvanceToExpiry a -> before(steps, StepSimplifier::keyOf, a.key())
                    .forEach(k -> simpler.add(new Action.AdvanceToExpiry(k, a.deltaMicros())));
            case Action.Write w -> {
                before(steps, StepSimplifier::resultIdOf, w.resultId()).forEach(id -> simpler.add(new Action.Write(w.sink(), w.token(), id, w.payload())));
                before(steps, StepSimplifier::payloadOf, w.payload()).forEach(p -> simpler.add(new Action.Write(w.sink(), w.token(), w.resultId(), p)));
            }
            default -> {
                // no names to simplify
            }
        }
        return simpler;
    }

    /** The values {@code of} gives for the trace's steps that sort before {@code value}, first first. */
    private static List<String> before(List<Step> steps, Function<Action, String> of, String value) {
        TreeSet<String> used = new TreeSet<>();
        steps.stream().map(s -> of.apply(s.action())).filter(Objects::nonNull).forEach(used::add);
        return List.copyOf(used.headSet(value, false));
    }

    private static String keyOf(Action action) {
        return switch (action) {
            case Action.Acquire a -> a.key();
            case Action.AdvanceToExpiry a -> a.key();
            default -> null;
        };
    }

    private static String resultIdOf(Action action) {
        return action instanceof Action.Write w ? w.resultId() : null;
    }

    private static String payloadOf(Action action) {
        return action instanceof Action.Write w ? w.payload() : null;
    }

    /** A zombie's step done by the worker itself, then by a worker (or zombie) of a lower slot. */
    private static List<String> lowerActors(String actor) {
        List<String> lower = new ArrayList<>();
        if (!Actors.isWorkerOrZombie(actor)) {
            return lower;
        }
        int slot = Actors.slot(actor);
        if (Actors.isZombie(actor)) {
            lower.add(Actors.worker(slot));
        }
        for (int other = 1; other < slot; other++) {
            lower.add(Actors.isZombie(actor) ? Actors.zombieOf(Actors.worker(other)) : Actors.worker(other));
        }
        return lower;
    }

    /** The same fault aimed at another worker (or zombie). */
    static Action aimedAt(Action.WorkerFault fault, String worker) {
        return switch (fault) {
            case Action.Pause p -> new Action.Pause(worker);
            case Action.Resume r -> new Action.Resume(worker);
            case Action.Restart r -> new Action.Restart(worker, r.zombie());
            case Action.Network n -> new Action.Network(worker, n.fault());
            case Action.Deliver d -> new Action.Deliver(worker);
            case Action.Duplicate d -> new Action.Duplicate(worker);
            case Action.Split s -> new Action.Split(worker, s.afterStatements());
        };
    }
}
