package fencecheck.realtime;

import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;
import fencecheck.model.Describe;
import fencecheck.model.Micros;
import fencecheck.run.ConformanceNotes;

import java.util.ArrayList;
import java.util.List;

/**
 * The distinct failures of a real-time run, one per key whose part of a failing history fails on its own: each key is
 * checked apart (sound, see {@link fencecheck.check.Linearizability}), so a failure on one key no longer hides
 * another's; and the calls the implementation failed instead of answering. Each is named by its {@link FindingKind}
 * and weighed as lock step weighs its findings.
 */
public final class KeyFailures {

    /**
     * One key's failure, not yet shrunk.
     *
     * @param key     the key
     * @param kind    what failed, by shapes: with the key, what groups failures over a property's tries
     * @param history the key's part of the run's history; for an implementation error, the failed operation alone
     * @param verdict its verdict, failed and decided; null for an implementation error
     * @param error   for an implementation error, what the implementation said; else null
     */
    public record KeyFailure(String key, FindingKind kind, RealTimeHistory history, RealTimeVerdict verdict, String error) {

        public Severity severity() {
            return kind.severity();
        }

        /** An implementation error's operation in words, with what the implementation said; null for any other failure. */
        public String errorInWords() {
            if (error == null) {
                return null;
            }
            TimedOperation op = history.operations().get(0);
            return "operation " + op.id() + " (" + op.process() + ": " + Describe.realTimeCommand(op.command()) + ", sent at "
                    + Micros.millis(op.invoke() - history.start()) + ") failed: " + error;
        }
    }

    /** A call the implementation failed (it threw) though the connection was whole and no fault was armed. */
    public record ImplementationError(int operation, String message) {
    }

    /**
     * Each call the implementation failed, as an implementation error of its operation on its key: it is unknown in the
     * history, which stays sound and judges what the call did.
     */
    public static List<KeyFailure> ofErrors(RealTimeHistory history, List<ImplementationError> errors) {
        List<KeyFailure> failures = new ArrayList<>();
        for (ImplementationError e : errors) {
            TimedOperation op = history.operation(e.operation());
            if (op != null) {
                FindingKind kind = new FindingKind(Severity.ERROR, ConformanceNotes.operation(op.command()), "failed instead of answering");
                failures.add(new KeyFailure(op.key(), kind, history.filter(o -> o.id() == op.id()).ofKey(op.key()), null, e.message()));
            }
        }
        return List.copyOf(failures);
    }

    private KeyFailures() {
    }

    /**
     * Each key of {@code history} whose part fails, decided, under {@code config}. Should no key fail alone though the
     * whole did ({@code verdict}), the whole history is the one failure, under its failing key.
     */
    public static List<KeyFailure> of(RealTimeHistory history, RealTimeVerdict verdict, ModelConfig config, long maxStatesPerKey) {
        List<KeyFailure> failures = new ArrayList<>();
        for (String key : history.keys()) {
            RealTimeHistory part = history.ofKey(key);
            RealTimeVerdict own = RealTimeVerdict.of(part, config, maxStatesPerKey);
            if (!own.passed() && !own.undecided()) {
                failures.add(failure(key, part, own, config, maxStatesPerKey));
            }
        }
        if (failures.isEmpty() && !verdict.passed() && !verdict.undecided()) {
            Integer at = verdict.failingOperation();
            String key = verdict.linearizability() instanceof Linearizability.NotLinearizable n ? n.key()
                    : at == null || history.operation(at) == null ? "" : history.operation(at).key();
            failures.add(failure(key, history, verdict, config, maxStatesPerKey));
        }
        return List.copyOf(failures);
    }

    private static KeyFailure failure(String key, RealTimeHistory failing, RealTimeVerdict verdict, ModelConfig config, long maxStates) {
        Severity severity = FindingKinds.severityOf(failing, config, maxStates);
        return new KeyFailure(key, FindingKinds.ofRealTime(failing, verdict, severity), failing, verdict, null);
    }
}
