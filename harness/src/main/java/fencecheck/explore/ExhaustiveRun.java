package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.findings.FindingKind;
import fencecheck.findings.FindingKinds;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.HistoryEntry;
import fencecheck.run.QuietEnd;
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
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Exhaustive mode: breadth first over traces, each candidate a trace of the frontier and one more step of the
 * alphabet, run from empty tables against the real database in lock step. Two candidates that end in the same state
 * ({@link StateFingerprint}) are expanded once, where that is sound. A step the runner is sure to skip (a renew of
 * a worker that holds nothing, say) is not run at all, and a candidate whose last step the runner skipped is not
 * expanded, merged or not: nothing was sent, so it is in the state it started from, which was reached already. A
 * failing candidate is a finding, and breadth first its trace is the shortest that fails. The run finishes the depth
 * of its first finding (every finding of that length) and goes no deeper.
 *
 * <p>A depth's candidates are tried on several databases at once ({@link Tries}), but judged in their order, so
 * the states, the findings and which of equally short failing traces is kept are those of one thread.
 */
public final class ExhaustiveRun {

    private final TraceRunner runner;
    private final ExhaustiveScope scope;
    private final Path findingsDirectory;
    /** The time the budget is measured in (ns): {@link System#nanoTime} but in tests. */
    private final LongSupplier nanoTime;
    /** Which part of the frontier below the split depth this run explores: all of it but in a shard of several. */
    private final ShardFilter shards;
    /** How many databases to explore on at once, where the implementation allows. */
    private final int threads;
    private int lastThreads;
    /** Told of every try the run judges, in candidate order; by default nothing. */
    private Consumer<TryResult> onTry = tried -> { };

    /**
     * @param findingsDirectory where the findings' traces are saved, or null to save none
     * @throws IllegalArgumentException, in one line, when the scope cannot finish in its budget (states merged
     *                                  where that is sound for the runner's implementation)
     */
    public ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory) {
        this(runner, scope, findingsDirectory, Tries.configuredThreads());
    }

    /**
     * @param threads how many databases each depth is explored on at once (an implementation that may keep state
     *                outside its database is explored on one)
     */
    public ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, int threads) {
        this(runner, scope, findingsDirectory, threads, System::nanoTime);
    }

    /** On one thread: the time read in a fixed order. */
    ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, LongSupplier nanoTime) {
        this(runner, scope, findingsDirectory, 1, nanoTime);
    }

    ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, int threads, LongSupplier nanoTime) {
        this(runner, scope, findingsDirectory, threads, nanoTime, ShardFilter.none());
    }

    private ExhaustiveRun(TraceRunner runner, ExhaustiveScope scope, Path findingsDirectory, int threads, LongSupplier nanoTime,
                          ShardFilter shards) {
        if (threads < 1) {
            throw new IllegalArgumentException("an exhaustive run needs at least 1 thread, not " + threads);
        }
        if (scope.needsFaultProxies() && !runner.throughFaultProxies()) {
            throw new IllegalArgumentException("lost-request and lost-answer need worker sessions through fault proxies:"
                    + " give the run a runner through fault proxies, or leave them out");
        }
        if (scope.needsJobTransaction() && !runner.protocol().hasJobTransaction()) {
            throw new IllegalArgumentException(runner.protocol().name() + " has no job transaction: leave the action job out");
        }
        scope.checkBudget(whyNotMerged(runner.protocol(), scope).isEmpty());
        this.runner = runner;
        this.scope = scope;
        this.findingsDirectory = findingsDirectory;
        this.threads = threads;
        this.nanoTime = nanoTime;
        this.shards = shards;
    }

    /** The same run as one shard of several: below the split depth it explores only the states {@code shards} keeps. */
    public ExhaustiveRun sharded(ShardFilter shards) {
        ExhaustiveRun sharded = new ExhaustiveRun(runner, scope, findingsDirectory, threads, nanoTime, shards);
        sharded.onTry = onTry;
        return sharded;
    }

    /** Tells {@code listener} of every candidate tried, in candidate order on the caller's thread, as it is judged (a benchmark's replay). */
    public void onEveryTry(Consumer<TryResult> listener) {
        this.onTry = listener;
    }

    /** How many databases the last run explored on at once (0 before the first). */
    public int threadsUsed() {
        return lastThreads;
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

    /** Why states may not be merged for {@code protocol} explored over {@code scope}'s alphabet, or empty when they may. */
    public static Optional<String> whyNotMerged(LeaseProtocol protocol, ExhaustiveScope scope) {
        return whyNotMerged(protocol).or(scope::whyNotMerged);
    }

    /** Explores the scope, merging states where that is sound for the runner's implementation and the alphabet. */
    public ExhaustiveResult run() {
        return explore(whyNotMerged(runner.protocol(), scope), true);
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
        try (Tries tries = new Tries(runner, threads)) {
            lastThreads = tries.threads();
            return explore(notMergedWhy, skipNoOps, tries);
        }
    }

    private ExhaustiveResult explore(Optional<String> notMergedWhy, boolean skipNoOps, Tries runners) {
        boolean merge = notMergedWhy.isEmpty();
        long started = nanoTime.getAsLong();
        long deadline = started + scope.budget().toNanos();
        List<Step> alphabet = scope.alphabet();
        String implementation = runner.protocol().name();
        Trace root = new Trace(Trace.SCHEMA_VERSION, implementation, scope.leaseTtl(), List.of());
        Set<String> fingerprints = new HashSet<>();
        QuietEnd empty = runner.runToTheEnd(root);
        if (!empty.result().passed()) {
            throw new IllegalStateException("the empty trace fails on " + implementation + ": " + empty.result().verdict());
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
            // every candidate in a fixed order, null where it is sure to be a no-op: the same state as its node's,
            // reached already, so nothing to run and nothing new
            List<Trace> candidates = new ArrayList<>(frontier.size() * alphabet.size());
            for (Node node : frontier) {
                for (Step step : alphabet) {
                    if (skipNoOps && node.reached().noOp(step)) {
                        candidates.add(null);
                    } else {
                        List<Step> steps = new ArrayList<>(node.trace().steps());
                        steps.add(step);
                        candidates.add(node.trace().withSteps(steps));
                    }
                }
            }
            Tries.Tried tried = runners.run(candidates, deadline, nanoTime);
            int end = tried.cutAt() < 0 ? candidates.size() : tried.cutAt();
            if (tried.cutAt() >= 0) {
                cut = new ExhaustiveResult.Cut(depth, end, candidates.size());
            }
            // judged in candidate order, whichever thread ran what: the same findings, states and frontier as one thread
            int tries = 0;
            int newStates = 0;
            List<Node> next = new ArrayList<>();
            for (int i = 0; i < end; i++) {
                QuietEnd ended = tried.results()[i];
                if (ended == null) {
                    continue;
                }
                TryResult result = ended.result();
                tries++;
                onTry.accept(result);
                if (!result.passed()) {
                    List<FindingKind> kinds = FindingKinds.of(result);
                    if (kindsFound.add(kinds)) {
                        findings.add(new ExhaustiveResult.Found(kinds, result, save(result.trace(), findings.size() + 1)));
                    }
                    continue;
                }
                StateFingerprint.Reached reached = StateFingerprint.reached(scope, ended);
                boolean isNew = fingerprints.add(reached.fingerprint());
                if (isNew) {
                    newStates++;
                    shard.reached(depth, reached.fingerprint());
                }
                if (isNew || !merge && !(skipNoOps && lastStepSkipped(result))) {
                    next.add(new Node(result.trace(), reached));
                }
            }
            depths.add(new ExhaustiveResult.Depth(depth, candidates.size(), tries, newStates, next.size(),
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
