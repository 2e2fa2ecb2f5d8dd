package fencecheck.findings;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.check.Linearizability;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeInvariants;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobRows;
import fencecheck.model.Command;
import fencecheck.run.ConformanceNotes;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TryResult;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The kinds of finding a failed try shows, from its history alone: one per step where an invariant broke (the
 * lowest-numbered invariant broken there, with the operation of that step), and one for the step where the database
 * first disagreed with the model, unless an invariant broke at that very step (the wrong answer is then how the
 * invariant broke, not a second finding). A kind
 * names shapes, never values: which answer came where which was expected, not its token or instant, so the same bug
 * shows the same kind in any trace, and a smaller trace that shows it is a shrunk trace of it.
 */
public final class FindingKinds {

    private FindingKinds() {
    }

    /** The kinds {@code tried} shows, in the order of the steps that show them; none when it passed. */
    public static List<FindingKind> of(TryResult tried) {
        Set<FindingKind> kinds = new LinkedHashSet<>();
        primaryViolations(tried).forEach(v -> kinds.add(ofViolation(tried, v)));
        HistoryEntry divergent = tried.divergent();
        if (divergent != null && tried.violations().stream().noneMatch(v -> v.step() == divergent.step())) {
            kinds.add(ofDisagreement(divergent));
        }
        return List.copyOf(kinds);
    }

    /** Whether {@code tried} shows {@code kind}. */
    public static boolean shows(TryResult tried, FindingKind kind) {
        return !tried.passed() && of(tried).contains(kind);
    }

    /**
     * Per step, the violation of the lowest-numbered invariant broken there: one wrong answer often breaks two at
     * once (a stale write accepted also loses the write it replaced), and that is one finding, not two.
     */
    private static List<Violation> primaryViolations(TryResult tried) {
        Map<Integer, Violation> byStep = new TreeMap<>();
        for (Violation v : tried.violations()) {
            byStep.merge(v.step(), v, (a, b) -> b.invariant().compareTo(a.invariant()) < 0 ? b : a);
        }
        return List.copyOf(byStep.values());
    }

    /**
     * The one place that weighs a finding. An invariant broken, or an answer the model judged unsafe, is a safety
     * finding; a call the implementation failed instead of answering is an implementation error; any other
     * disagreement with the model (which ends a try only under strict conformance, or where the model judged no
     * answer) is a conformance difference.
     */
    static Severity severityOf(Violation violation) {
        return Severity.SAFETY;
    }

    static Severity severityOf(HistoryEntry disagreement) {
        if (disagreement.error() != null) {
            // nothing was answered, so nothing can be judged: neither a safety finding nor a difference from the reference
            return Severity.ERROR;
        }
        // an answer no correct lease service may give is a safety finding even before an invariant sees it
        return disagreement.unsafe() ? Severity.SAFETY : Severity.CONFORMANCE;
    }

    /**
     * How much a failing real-time history weighs, by the same rule: held to safety, it failed on a broken invariant or
     * an answer no admissible one explains, a safety finding. Held to strict, it is a conformance difference when the
     * admissible answers explain it and break no invariant (held to safety it would pass, with notes), else a safety
     * finding; a search that gives up under safety has shown nothing admissible, and the finding stays a safety one.
     *
     * @param failing a history that failed under {@code config} (the shrunk one, which the finding shows)
     */
    public static Severity severityOf(RealTimeHistory failing, ModelConfig config, long maxStatesPerKey) {
        if (config.conformanceOr(Conformance.STRICT) == Conformance.SAFETY) {
            return Severity.SAFETY;
        }
        boolean admissible = RealTimeVerdict.of(failing, config.withConformance(Conformance.SAFETY), maxStatesPerKey).passed();
        return admissible ? Severity.CONFORMANCE : Severity.SAFETY;
    }

    /**
     * The kind of a failing real-time history of one key, named as lock step names its kinds, by shapes, never values:
     * the operation the model could not explain, its answer's shape and the model's there; else the operation at which
     * the first invariant broke (the rows read at the end when at none).
     *
     * @param failing  a history that failed, not undecided
     * @param verdict  its verdict
     * @param severity what it weighs ({@link #severityOf(RealTimeHistory, ModelConfig, long)})
     */
    public static FindingKind ofRealTime(RealTimeHistory failing, RealTimeVerdict verdict, Severity severity) {
        if (verdict.linearizability() instanceof Linearizability.NotLinearizable n) {
            TimedOperation culprit = failing.operation(n.culprit());
            if (culprit == null) {
                return new FindingKind(severity, "the rows read at the end", "are left by no order of the answers");
            }
            String expected = n.expected().split("[ ,]", 2)[0];
            return new FindingKind(severity, ConformanceNotes.operation(culprit.command()), "answered "
                    + (culprit.outcome() == null ? "nothing" : culprit.outcome().getClass().getSimpleName()) + " where the model answers "
                    + expected + " (no order explains it)");
        }
        RealTimeInvariants.Found first = verdict.violations().get(0);
        TimedOperation at = failing.operation(first.operation());
        return new FindingKind(severity, at == null ? "the rows read at the end" : ConformanceNotes.operation(at.command()),
                "broke invariant " + first.violation().invariant().title());
    }

    private static FindingKind ofViolation(TryResult tried, Violation v) {
        HistoryEntry at = statementAt(tried.history(), v.step());
        return new FindingKind(severityOf(v), at == null ? "the end of the trace" : operation(at), "broke invariant " + v.invariant().title());
    }

    private static FindingKind ofDisagreement(HistoryEntry e) {
        String broken;
        if (e.error() != null) {
            broken = "failed where the model expects " + shape(e.expected());
        } else if (e.outcomeDiffers()) {
            String expected = shape(e.expected());
            String observed = shape(e.observed());
            broken = expected.equals(observed)
                    ? "answered " + observed + " with another " + String.join(" and ", differingParts(answer(e.expected()), answer(e.observed())))
                    + " than the model's"
                    : "answered " + observed + " where the model expects " + expected;
        } else {
            broken = "left other rows than the model's: " + String.join(", ", differingRows(e.expectedRows(), e.observedRows()));
        }
        return new FindingKind(severityOf(e), operation(e), broken);
    }

    /** The entry of a statement judged at {@code step} (the one a violation there is about), else any entry of the step. */
    private static HistoryEntry statementAt(List<HistoryEntry> history, int step) {
        HistoryEntry any = null;
        for (HistoryEntry e : history) {
            if (e.step() == step) {
                if (e.command() != null && e.kind() != HistoryEntry.Kind.CLOCK) {
                    return e;
                }
                any = any == null ? e : any;
            }
        }
        return any;
    }

    /** The operation of an entry in a few words: which statement, and for a write which sink. */
    static String operation(HistoryEntry e) {
        JobCommand command = e.command();
        if (command == null) {
            return e.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
        return switch (command) {
            case JobCommand.LeaseOperation op -> switch (op.command()) {
                case Command.Write w -> "write to " + w.sink();
                case Command.RolledBackWrite w -> "rolled-back write to " + w.write().sink();
                default -> words(op.command().getClass());
            };
            case JobCommand.Write w -> "write to " + w.write().sink();
            case JobCommand.Relay r -> "relay delivery";
            case JobCommand.Redeliver r -> "redelivery";
            case JobCommand.AdvanceClock c -> "clock move";
            default -> words(command.getClass());
        };
    }

    /** An answer's type, e.g. {@code Renewed}, or {@code RolledBack(Applied)} for what a rolled-back write saw. */
    private static String shape(JobOutcome outcome) {
        if (outcome == null) {
            return "nothing";
        }
        if (outcome instanceof JobOutcome.Answered a) {
            return a.outcome() instanceof Outcome.RolledBack r ? "RolledBack(" + r.seen().getClass().getSimpleName() + ")"
                    : a.outcome().getClass().getSimpleName();
        }
        return outcome.getClass().getSimpleName();
    }

    private static Object answer(JobOutcome outcome) {
        return outcome instanceof JobOutcome.Answered a ? a.outcome() : outcome;
    }

    /** The components in which two answers of one type differ, e.g. {@code token}: what a wrong grant got wrong. */
    private static List<String> differingParts(Object expected, Object observed) {
        List<String> parts = new ArrayList<>();
        if (expected != null && observed != null && expected.getClass().isRecord()) {
            for (RecordComponent c : expected.getClass().getRecordComponents()) {
                if (!Objects.equals(value(c, expected), value(c, observed))) {
                    parts.add(c.getName());
                }
            }
        }
        return parts.isEmpty() ? List.of("value") : parts;
    }

    private static Object value(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record, e);
        }
    }

    /** Which of a key's rows differ between model and database, in words. */
    private static List<String> differingRows(JobRows expected, JobRows observed) {
        if (observed == null) {
            return List.of("none read");
        }
        List<String> parts = new ArrayList<>();
        differs(parts, "the lease", expected, observed, r -> r.protocol().lease());
        differs(parts, "the latest-token sink", expected, observed, r -> r.protocol().latest());
        differs(parts, "the fenced sink", expected, observed, r -> r.protocol().fenced());
        differs(parts, "the job state", expected, observed, JobRows::jobState);
        differs(parts, "the business rows", expected, observed, JobRows::business);
        differs(parts, "the outbox", expected, observed, JobRows::outbox);
        differs(parts, "the consumer's effects", expected, observed, JobRows::effects);
        return parts.isEmpty() ? List.of("the rows") : parts;
    }

    private static void differs(List<String> parts, String name, JobRows expected, JobRows observed, Function<JobRows, Object> part) {
        if (!Objects.equals(part.apply(expected), part.apply(observed))) {
            parts.add(name);
        }
    }

    /** {@code BusinessRow} as "business row". */
    private static String words(Class<?> type) {
        return type.getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
