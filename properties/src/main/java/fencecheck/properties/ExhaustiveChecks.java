package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.explore.ExhaustiveResult;
import fencecheck.explore.ExhaustiveRun;
import fencecheck.explore.ExhaustiveScope;
import fencecheck.findings.Finding;
import fencecheck.findings.FindingKind;
import fencecheck.findings.Severity;
import fencecheck.report.ConsoleSummary;
import fencecheck.trace.TraceFiles;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The exhaustive property's settings ({@code -D} properties) and what it makes of a run: the findings saved and
 * recorded as a lock-step property's are ({@link PropertyFindings}), so the result file and the report show them the
 * same way, and its failure message. Its traces are the shortest that fail by construction: nothing is shrunk.
 */
public final class ExhaustiveChecks {

    public static final String DEPTH = "fencecheck.exhaustive.depth";
    public static final String SECONDS = "fencecheck.exhaustive.seconds";
    /** The actions of the alphabet, comma-separated names of {@link ExhaustiveScope#ACTIONS}; the {@link ExhaustiveScope#DEFAULT_ACTIONS} by default. */
    public static final String ACTIONS = "fencecheck.exhaustive.actions";

    /**
     * The depth explored when none is asked: every known-buggy variant of the default scope shows by depth 4, and the
     * reference (states merged) finishes depth 5 in some 5 s on a busy two-core machine, depth 6 in some 14 s. It runs
     * in every build that runs the suite, so the smaller.
     */
    static final int DEFAULT_DEPTH = 5;
    /** The time budget when none is asked. */
    static final Duration DEFAULT_BUDGET = Duration.ofSeconds(120);

    private ExhaustiveChecks() {
    }

    /**
     * The depth asked with {@link #DEPTH} and the budget asked with {@link #SECONDS} (else the default).
     *
     * @param depth   the depth asked, or empty for the default
     * @param budget  how long the run may take
     * @param actions the actions of the alphabet
     */
    record Settings(Optional<Integer> depth, Duration budget, List<String> actions) {
    }

    /**
     * The command line's settings.
     *
     * @throws IllegalArgumentException in one line saying what to give, for a depth or budget that is not a positive
     *                                  whole number or an unknown action (checked with every setting, before the
     *                                  first property)
     */
    static Settings settings() {
        Optional<Integer> depth = positive(DEPTH, "a depth of 1 or more (the default is " + DEFAULT_DEPTH + ")");
        Duration budget = positive(SECONDS, "a number of seconds (the default is " + DEFAULT_BUDGET.toSeconds() + ")")
                .map(Duration::ofSeconds).orElse(DEFAULT_BUDGET);
        String named = System.getProperty(ACTIONS, "");
        List<String> actions = named.isBlank() ? ExhaustiveScope.DEFAULT_ACTIONS
                : Stream.of(named.split(",")).map(String::strip).toList();
        try {
            ExhaustiveScope.of(1, budget).withActions(actions);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + ACTIONS + "=" + named + ": " + e.getMessage(), e);
        }
        return new Settings(depth, budget, actions);
    }

    /**
     * What the property explores for {@code protocol}: the depth asked, else {@link #DEFAULT_DEPTH}; for an
     * implementation whose states are not merged (every trace expanded, the tries growing by the whole alphabet at
     * each depth), without a depth asked, the deepest up to the default whose estimate fits the budget.
     *
     * @throws IllegalArgumentException in one line, for a depth asked that cannot finish in the budget
     */
    static ExhaustiveScope scope(LeaseProtocol protocol) {
        Settings settings = settings();
        ExhaustiveScope scope = ExhaustiveScope.of(settings.depth().orElse(DEFAULT_DEPTH), settings.budget())
                .withActions(settings.actions());
        boolean merged = ExhaustiveRun.whyNotMerged(protocol, scope).isEmpty();
        if (settings.depth().isEmpty()) {
            while (scope.depth() > 1 && !fits(scope, merged)) {
                scope = scope.withDepth(scope.depth() - 1);
            }
        }
        scope.checkBudget(merged);
        return scope;
    }

    private static boolean fits(ExhaustiveScope scope, boolean merged) {
        try {
            scope.checkBudget(merged);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The run's findings, most severe first, each saved under the run's traces and recorded for the result file
     * ({@link PropertyFindings#finished}); none for a run that passed.
     *
     * @param property the property's method, which names the saved traces as a lock-step property's do
     */
    static List<PropertyFindings.Saved> record(ExhaustiveResult result, String property) {
        List<PropertyFindings.Saved> saved = new ArrayList<>();
        List<ExhaustiveResult.Found> found = result.findings().stream()
                .sorted(Comparator.comparing(f -> mostSevere(f.kinds()).severity())).toList();
        for (ExhaustiveResult.Found f : found) {
            Path trace = Paths.traces().resolve(property + "-" + result.implementation().replaceAll("[^A-Za-z0-9._-]+", "_")
                    + "-exhaustive-finding" + (saved.size() + 1) + ".json");
            TraceFiles.write(f.result().trace(), trace);
            int steps = f.result().steps();
            // by construction the shortest trace that fails: it started and ended at its length, no re-runs
            saved.add(new PropertyFindings.Saved(new Finding(mostSevere(f.kinds()), f.result(), 1, 1, steps, 0, Optional.empty()), trace));
        }
        PropertyFindings.finished(saved, List.of(), 0);
        return saved;
    }

    /** The kind that weighs most of those a try shows (a safety finding before a conformance one), the first on a tie. */
    private static FindingKind mostSevere(List<FindingKind> kinds) {
        return kinds.stream().min(Comparator.comparing(FindingKind::severity)).orElseThrow();
    }

    /** The failure of a run with findings: its verdict, then each finding with its trace, saved file and replay command. */
    static FindingsFailure failure(String label, ExhaustiveResult result, List<PropertyFindings.Saved> saved) {
        List<Severity> kinds = saved.stream().map(s -> s.finding().severity()).toList();
        int depth = saved.getFirst().finding().shrunk().steps();
        String summary = FindingsMessage.counted(kinds) + " at depth " + depth + " of exhaustive mode on " + result.implementation();
        List<String> lines = new ArrayList<>(ConsoleSummary.wrapped(label + ": " + summary + (saved.size() > 1 ? ", safety first:" : ":")));
        lines.addAll(ConsoleSummary.wrapped(result.verdict()));
        for (int i = 0; i < saved.size(); i++) {
            Finding f = saved.get(i).finding();
            lines.addAll(ConsoleSummary.wrapped((i + 1) + ". " + f.kind()));
            lines.add("   the shortest trace that fails: " + f.shrunk().steps() + " steps, every shorter schedule passed");
            ConsoleSummary.wrapped(WhoDidWhat.of(f.shrunk()), ConsoleSummary.WIDTH - 3).forEach(l -> lines.add("   " + l));
            lines.addAll(ConsoleTable.render(f.shrunk()));
            // the same words at the start of a line as a lock-step finding prints, for scripts that look for them
            lines.add("trace: " + Paths.fromRoot(saved.get(i).trace()));
            lines.addAll(Commands.wrapped("replay the trace: ", Commands.replayTrace(saved.get(i).trace())));
        }
        return new FindingsFailure(summary, String.join("\n", lines) + "\n");
    }

    private static Optional<Integer> positive(String property, String what) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return Optional.of(n);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + property + "=" + value + " is not a whole number of 1 or more: give " + what);
    }
}
