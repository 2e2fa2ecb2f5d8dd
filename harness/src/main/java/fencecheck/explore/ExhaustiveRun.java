package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Exhaustive mode: breadth first over traces, each candidate a trace of the frontier and one more step of the
 * alphabet, run from empty tables against the real database in lock step. Two candidates that end in the same state
 * ({@link StateFingerprint}) are expanded once, where that is sound. A step the runner is sure to skip (a renew of
 * a worker that holds nothing, say) is not run at all, and a candidate whose last step the runner skipped is not
 * expanded, merged or not: nothing was sent, so it is in the state it started from, which was reached already. A
 * failing candidate is a finding, and breadth first its trace is the shortest that fails. The run finishes the depth
 * of its first finding (every finding of that length) and goes no deeper.
 */
public final class ExhaustiveRun {

    private final TraceRunner runner;
    private final ExhaustiveScope scope;
    private final Path findingsDirectory;
    /** The time the budget is measured in (ns): {@link System#nanoTime} but in tests. */
    private final LongSupplier nanoTime;
    /** Which part of the frontier below the split depth this run explores: all of it but in a shard of several. */
    private final ShardFilter shards;

    /**
     * @param findingsDirectory where the findings' traces are saved, or null to save none
     * @throws IllegalArgumentException, in one line, when the scope cannot finish in its budget (states merged
     *                                  where that is sound for the runner's implementation)
     */
    public ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory) {
        this(runner, scope, findingsDirectory, System::nanoTime);
    }

    ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, LongSupplier nanoTime) {
        this(runner, scope, findingsDirectory, nanoTime, ShardFilter.none());
    }

    private ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, LongSupplier nanoTime, ShardFilter shards) {
        scope.checkBudget(whyNotMerged(runner.protocol()).isEmpty());
        this.runner = runner;
        this.scope = scope;
        this.findingsDirectory = findingsDirectory;
        this.nanoTime = nanoTime;
        this.shards = shards;
    }

    /** The same run as one shard of several: below the split depth it explores only the states {@code shards} keeps. */
    public ExhaustiveRun sharded(ShardFilter shards) {
        return new ExhaustiveRun(runner, scope, findingsDirectory, nanoTime, shards);
    }

    /**
     * Why two traces that reach the same fingerprint may not be the same state for {@code protocol}, or empty when
     * they are. Only a plain SQL pack keeps all of its state in the database; a Java implementation (a subclass
     * included) may keep some in memory, which no fingerprint sees.
     */
    public static Optional<String> whyNotMerged(LeaseProtocol protocol) {
        if (protocol.getClass() == SqlLeaseProtocol.class) {
            return Optional.empty();
        }
        return Optional.of(protocol.name() + " is a Java implementation, whose state outside the database the fingerprint cannot see");
    }

    /** Explores the scope, merging states where that is sound for the runner's implementation. */
    public ExhaustiveResult run() {
        return explore(whyNotMerged(runner.protocol()), true);
    }

    /**
     * Explores the scope running and expanding every trace, states merged or not and no-ops run too: the measure
     * merging and skipping are checked against.
     */
    public ExhaustiveResult runWithoutMerging() {
        scope.checkBudget(false);
        return explore(Optional.of("asked to expand every trace"), false);
    }

    /** A trace of the frontier and what its state tells of the next steps. */
    private record Node(Trace trace, StateFingerprint.Reached reached) {
    }

    private ExhaustiveResult explore(Optional<String> notMergedWhy, boolean skipNoOps) {
        boolean merge = notMergedWhy.isEmpty();
        long started = nanoTime.getAsLong();
        long deadline = started + scope.budget().toNanos();
        List<Step> alphabet = scope.alphabet();
        String implementation = runner.protocol().name();
        Trace root = new Trace(Trace.SCHEMA_VERSION, implementation, scope.leaseTtl(), List.of());
        Set<String> fingerprints = new HashSet<>();
        TryResult empty = runner.run(root);
        if (!empty.passed()) {
            throw new IllegalStateException("the empty trace fails on " + implementation + ": " + empty.verdict());
        }
        StateFingerprint.Reached start = StateFingerprint.reached(scope, empty);
        fingerprints.add(start.fingerprint());
        ShardFilter shard = shards.fresh();
        shard.reached(0, start.fingerprint());
        List<Node> frontier = List.of(new Node(root, start));
        List<ExhaustiveResult.Depth> depths = new ArrayList<>();
        List<ExhaustiveResult.Found> findings = new ArrayList<>();
        Set<List<FindingKind>> kindsFound = new HashSet<>();
        ExhaustiveResult.Cut cut = null;
        int complete = 0;
        for (int depth = 1; depth <= scope.depth() && cut == null; depth++) {
            long depthStarted = nanoTime.getAsLong();
            int candidates = frontier.size() * alphabet.size();
            int done = 0;
            int tries = 0;
            int newStates = 0;
            List<Node> next = new ArrayList<>();
            explore:
            for (Node node : frontier) {
                for (Step step : alphabet) {
                    if (skipNoOps && node.reached().noOp(step)) {
                        // the same state as the node's, reached already: nothing to run, nothing new
                        done++;
                        continue;
                    }
                    if (nanoTime.getAsLong() > deadline) {
                        cut = new ExhaustiveResult.Cut(depth, done, candidates);
                        break explore;
                    }
                    List<Step> steps = new ArrayList<>(node.trace().steps());
                    steps.add(step);
                    TryResult tried = runner.run(node.trace().withSteps(steps));
                    tries++;
                    done++;
                    if (!tried.passed()) {
                        List<FindingKind> kinds = FindingKinds.of(tried);
                        if (kindsFound.add(kinds)) {
                            findings.add(new ExhaustiveResult.Found(kinds, tried, save(tried.trace(), findings.size() + 1)));
                        }
                        continue;
                    }
                    StateFingerprint.Reached reached = StateFingerprint.reached(scope, tried);
                    boolean isNew = fingerprints.add(reached.fingerprint());
                    if (isNew) {
                        newStates++;
                        shard.reached(depth, reached.fingerprint());
                    }
                    if (isNew || !merge && !(skipNoOps && lastStepSkipped(tried))) {
                        next.add(new Node(tried.trace(), reached));
                    }
                }
            }
            depths.add(new ExhaustiveResult.Depth(depth, candidates, tries, newStates, next.size(),
                    nanoTime.getAsLong() - depthStarted));
            if (cut == null) {
                complete = depth;
            }
            if (!findings.isEmpty()) {
                break;
            }
            frontier = shard.keep(depth, next, n -> n.reached().fingerprint());
        }
        return new ExhaustiveResult(scope, implementation, notMergedWhy, depths, complete, fingerprints.size(), findings,
                nanoTime.getAsLong() - started, Optional.ofNullable(cut), shard.coverage());
    }

    /** Whether the runner skipped the try's last step: everything it recorded of it is a no-op. */
    private static boolean lastStepSkipped(TryResult tried) {
        int last = tried.steps();
        List<HistoryEntry> entries = tried.history().stream().filter(e -> e.step() == last).toList();
        return !entries.isEmpty() && entries.stream().allMatch(e -> e.kind() == HistoryEntry.Kind.NO_OP);
    }

    private Path save(Trace trace, int number) {
        if (findingsDirectory == null) {
            return null;
        }
        Path file = findingsDirectory.resolve("exhaustive-" + trace.implementation() + "-" + number + ".json");
        TraceFiles.write(trace, file);
        return file;
    }
}
