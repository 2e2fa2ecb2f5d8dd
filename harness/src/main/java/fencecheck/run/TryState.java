package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.job.JobModel;
import fencecheck.job.JobState;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one try has seen so far, shared by the parts that run its steps: the
 * model's state, the history, the statements still running. The history only
 * grows, by events ({@link #record}), and the model's state changes only with
 * an event, to the state the judge gave for it. Discarded when the try ends.
 */
final class TryState {

    final TraceRunner runner;
    final JobModel model;
    final Trace trace;
    /** The model's state; it changes only with an event of the history, to the judge's result. */
    private JobState state;
    private final Judge judge;
    private final TryHistory history = new TryHistory();
    /** The events of statements judged since the try was last quiet, without their rows yet. */
    private final List<TryEvent> batch = new ArrayList<>();
    /** The statements started and not yet judged, by session. */
    final Map<String, Running> running = new TreeMap<>();
    long statementsStarted;
    int stepNumber;
    private HistoryEntry divergent;
    /** Under safety conformance, the differences from the reference that break no guarantee, in order. */
    private final List<HistoryEntry> notes = new ArrayList<>();
    /** Writes fencecheck made up that met a fence no worker was told of ({@link MadeUpWrites}): the invariants skip them. */
    private final Set<MadeUpWrites.UnderAnUntoldFence> underUntoldFences = new HashSet<>();
    /** The model's state after each step, for the report's view of the failing step. */
    private final List<ModelState> modelStates = new ArrayList<>();
    final boolean strict;

    TryState(TraceRunner runner, JobModel model, Trace trace) {
        this.runner = runner;
        this.model = model;
        this.trace = trace;
        this.state = model.init(0);
        this.judge = new Judge(model);
        this.strict = runner.conformance() == Conformance.STRICT;
    }

    /**
     * Adds an entry to the history; the first that disagrees with the model ends the try (under safety conformance,
     * only one that is unsafe or that the model judged no answer of; the others are notes, and the try goes on
     * from the state the answer implies).
     */
    JobState state() {
        return state;
    }

    /** The history's events so far (a read-only view). */
    List<TryEvent> events() {
        return history.events();
    }

    /** The history's entries so far (a read-only view). */
    List<HistoryEntry> entries() {
        return history.entries();
    }

    /** The entry that ended the try, or null while it goes on. */
    HistoryEntry divergent() {
        return divergent;
    }

    List<HistoryEntry> notes() {
        return List.copyOf(notes);
    }

    Set<MadeUpWrites.UnderAnUntoldFence> underUntoldFences() {
        return Set.copyOf(underUntoldFences);
    }

    List<ModelState> modelStates() {
        return List.copyOf(modelStates);
    }

    /** The judge the try's model states come from; the parts that judge calls use it too. */
    Judge judge() {
        return judge;
    }

    /** The model's state after {@code event} from the state now, as the judge gives it; the try's state is unchanged. */
    JobState after(TryEvent event) {
        return judge.after(state, event);
    }

    /**
     * An event judged while the try is not yet quiet: the model goes on from the state after it at once, and the
     * event joins the history with its rows once the try is quiet ({@link #takePending}, {@link #appendTaken}).
     */
    void pending(TryEvent judged) {
        state = judge.after(state, judged);
        batch.add(judged);
    }

    /** The events judged since the try was last quiet, in order; none are pending afterwards. */
    List<TryEvent> takePending() {
        List<TryEvent> taken = List.copyOf(batch);
        batch.clear();
        return taken;
    }

    /** Appends an event {@link #takePending} gave, whose step the model has taken already. */
    void appendTaken(TryEvent judged) {
        append(judged);
    }

    /** Appends an event, and the model goes on from the state after it, as the judge gives it. */
    void record(TryEvent recorded) {
        state = judge.after(state, recorded);
        append(recorded);
    }

    private void append(TryEvent recorded) {
        List<HistoryEntry> before = history.entries();
        HistoryEntry seen = recorded.entry();
        Optional<MadeUpWrites.UnderAnUntoldFence> untold = MadeUpWrites.underAnUntoldFence(seen, before);
        untold.ifPresent(underUntoldFences::add);
        TryEvent event = untold.isPresent() && recorded instanceof TryEvent.Answered a
                ? a.judged(MadeUpWrites.verdict(seen, untold.get(), before)) : recorded;
        HistoryEntry entry = history.append(event);
        if (divergent != null) {
            return;
        }
        if (entry.endsTry(strict)) {
            divergent = entry;
        } else if (!strict && entry.conformanceNote()) {
            notes.add(entry);
        }
    }

    /** Keeps the model's state after the current step (a later call for the same step replaces it). */
    void keepModelState() {
        if (!modelStates.isEmpty() && modelStates.get(modelStates.size() - 1).step() == stepNumber) {
            modelStates.remove(modelStates.size() - 1);
        }
        modelStates.add(ModelState.of(stepNumber, state));
    }

    /** A step that did not apply. */
    void noOp(String actor, String why) {
        record(new TryEvent.Skipped(stepNumber, actor, why, state.now()));
    }

    /** A fault that happened to {@code lane} (a worker incarnation, or the nemesis for the whole system). */
    void fault(String lane, String what) {
        record(new TryEvent.Fault(stepNumber, lane, what, state.now()));
    }

    /** Something worth a line in the history that is neither a statement nor a fault. */
    void note(String lane, String what) {
        record(new TryEvent.Note(stepNumber, lane, what, state.now()));
    }
}
