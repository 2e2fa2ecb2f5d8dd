package fencecheck.realtime;

import fencecheck.api.ModelConfig;
import fencecheck.check.Linearizability;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.findings.Severity;

import java.util.ArrayList;
import java.util.List;

/**
 * The distinct failures of a failing real-time history, one per key that fails on its own: each key is checked apart
 * (sound, see {@link fencecheck.check.Linearizability}), so a failure on one key no longer hides another's, and each
 * is named by its {@link FindingKind} and weighed as lock step weighs its findings.
 */
public final class KeyFailures {

    /**
     * One key's failure, not yet shrunk.
     *
     * @param key     the key
     * @param kind    what failed, by shapes: with the key, what groups failures over a property's tries
     * @param history the key's part of the run's history
     * @param verdict its verdict, failed and decided
     */
    public record KeyFailure(String key, FindingKind kind, RealTimeHistory history, RealTimeVerdict verdict) {

        public Severity severity() {
            return kind.severity();
        }
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
        return new KeyFailure(key, FindingKinds.ofRealTime(failing, verdict, severity), failing, verdict);
    }
}
