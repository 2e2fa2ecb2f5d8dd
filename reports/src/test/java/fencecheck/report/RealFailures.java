package fencecheck.report;

import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Results of tries that really fail on the embedded PostgreSQL, for tests of
 * the pages: a lease try (article A's acceptance case against a sink that
 * ignores the token), a try through the fault proxies (a lost grant answer
 * retried against an acquire that is not idempotent, after a restart that
 * left a zombie), and a job try (a takeover that does not wait for the open
 * job under check-then-write), and a failover on a replicated pair under async
 * that loses a grant. Each asserts that its try failed.
 */
final class RealFailures {

    private RealFailures() {
    }

    static RunResult lease() {
        String variant = "sink-ignores-token";
        Trace trace = Trace.of(variant, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Pause("w1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", SampleResults.QUOTED)),
                Step.nemesis(new Action.Resume("w1")),
                Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", SampleResults.NASTY)),
                Step.worker(2, new Action.Renew())));
        return caught("ArticleScenarios.pausedHolderWritesAfterTakeover", trace, false);
    }

    static RunResult fault() {
        String variant = "acquire-not-idempotent";
        Trace trace = Trace.of(variant, List.of(
                Step.worker(2, new Action.Acquire("K2")),
                Step.nemesis(new Action.Restart("w2", true)),
                Step.zombie(2, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", SampleResults.NASTY)),
                Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Retry())));
        return caught("FaultProperties.faultsAgreeWithModel", trace, true);
    }

    static RunResult job() {
        String variant = "check-then-write";
        Trace trace = Trace.of(variant, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, Action.Write.fenced("r0", SampleResults.QUOTED)),
                Step.worker(1, new Action.Begin()),
                Step.worker(1, new Action.Claim()),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.BusinessRow("r1", SampleResults.NASTY)),
                Step.worker(1, new Action.Commit())));
        long started = System.currentTimeMillis();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(variant))) {
            TryResult result = runner.run(trace);
            assertThat(result.passed()).as("the variant is caught: %s", TraceTable.render(result)).isFalse();
            Path saved = saved("real-" + variant + ".json");
            TraceFiles.write(result.trace(), saved);
            return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "JobTransactionProperties.interleavedTransactionsAgreeWithModel", variant,
                    runner.protocol().description(), true, RunResult.DatabaseInfo.of(runner.database()), RunResult.Status.FAILED, 1, 1, "0",
                    Instant.ofEpochMilli(started).toString(), System.currentTimeMillis() - started, 0, trace.steps().size(), null, null,
                    RunResult.Failure.of(result, reproduction(saved))));
        }
    }

    /**
     * The reference protocol on a replicated pair under {@code async}, failed over in a lock-step try: w1's grant, fenced
     * write and job transaction, acknowledged while the standby was stopped, are lost when the standby is promoted,
     * and w2 is granted token 1 again.
     */
    static RunResult failover() {
        Trace trace = Trace.of("reference", List.of(
                Step.nemesis(new Action.StopStandby()),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, Action.Write.fenced("r1", SampleResults.QUOTED)),
                Step.worker(1, new Action.Begin()),
                Step.worker(1, new Action.Claim()),
                Step.worker(1, new Action.BusinessRow("r2", "paid")),
                Step.worker(1, new Action.Commit()),
                Step.nemesis(new Action.Failover()),
                Step.worker(2, new Action.Acquire("K1"))));
        long started = System.currentTimeMillis();
        try (ReplicatedDatabase db = ReplicatedDatabase.start(Replication.ASYNC);
             TraceRunner runner = new TraceRunner(db, Implementations.select("reference"))) {
            TryResult result = runner.run(trace);
            assertThat(result.violations()).as("the lost grant is granted again: %s", TraceTable.render(result)).isNotEmpty();
            Path saved = saved("real-failover-async.json");
            TraceFiles.write(result.trace(), saved);
            return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, "FailoverTraces.grantLostOnAsyncFailover", "reference",
                    "", false, RunResult.DatabaseInfo.of(db), RunResult.Status.FAILED, 1, 1, "0",
                    Instant.ofEpochMilli(started).toString(), System.currentTimeMillis() - started, 0, trace.steps().size(), null,
                    runner.metrics().snapshot(), RunResult.Failure.of(result, reproduction(saved))));
        }
    }

    /** Runs {@code trace} against the variant it names, requires it to fail, and records it as {@code property} would. */
    private static RunResult caught(String property, Trace trace, boolean throughFaultProxies) {
        long started = System.currentTimeMillis();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(trace.implementation()), throughFaultProxies)) {
            TryResult result = runner.run(trace);
            assertThat(result.passed()).as("the variant is caught: %s", TraceTable.render(result)).isFalse();
            return leaseResult(property, runner, result, started);
        }
    }

    private static RunResult leaseResult(String property, TraceRunner runner, TryResult result, long started) {
        Path saved = saved("real-" + result.trace().implementation() + ".json");
        TraceFiles.write(result.trace(), saved);
        return SampleResults.examined(new RunResult(RunResult.SCHEMA_VERSION, property, result.trace().implementation(), runner.protocol().description(), true,
                RunResult.DatabaseInfo.of(runner.database()), RunResult.Status.FAILED, 1, 1, "0", Instant.ofEpochMilli(started).toString(),
                System.currentTimeMillis() - started, 0, result.trace().steps().size(), null, runner.metrics().snapshot(),
                RunResult.Failure.of(result, reproduction(saved))));
    }

    /** Where the run saves its trace, as a property run does: under the build directory. */
    private static Path saved(String name) {
        return Path.of(System.getProperty("fencecheck.target", "target")).toAbsolutePath().resolve("fencecheck").resolve("traces").resolve(name);
    }

    /** The reproduction a property run prints: the saved trace and its replay command, by their paths from the repository root. */
    private static RunResult.Reproduction reproduction(Path saved) {
        String fromRoot = RepositoryPaths.fromRoot(saved, RepositoryPaths.root(saved.getParent()));
        return new RunResult.Reproduction("0", fromRoot, FailurePage.REPLAY.formatted(fromRoot), null);
    }
}
