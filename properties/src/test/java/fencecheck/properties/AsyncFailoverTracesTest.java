package fencecheck.properties;

import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.findings.ShrinkBudget;
import fencecheck.findings.TraceShrinker;
import fencecheck.protocol.Implementations;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generated traces with one failover on an {@code async} pair the test starts itself, whose standby stops first (as
 * when its link is down), so that what the primary acknowledges next is not on the standby when it is promoted: the
 * reference is caught losing a grant to the failover, and the finding shrinks to at most 10 steps.
 */
class AsyncFailoverTracesTest {

    private static ReplicatedDatabase db;
    private static TraceRunner runner;
    private static final List<TryResult> CAUGHT = new ArrayList<>();

    @BeforeContainer
    static void start() {
        db = ReplicatedDatabase.start(Replication.ASYNC);
        runner = new TraceRunner(db, Implementations.select("reference"));
    }

    @AfterContainer
    static void shrinkTheFirstCaught() {
        try {
            assertThat(CAUGHT).as("tries in which the failover's loss broke an invariant").isNotEmpty();
            // each run that keeps the failover costs a promotion and a base backup: a few runs take it under 10 steps
            TraceShrinker.Shrunk shrunk = new TraceShrinker(runner::run).shrink(CAUGHT.getFirst(),
                    AsyncFailoverTracesTest::lostInTheFailover, "an invariant broken after a failover lost a commit",
                    new ShrinkBudget(8, Duration.ofSeconds(30)));
            TryResult smallest = shrunk.result();
            System.out.printf("fencecheck: async failover finding shrunk from %d to %d steps in %d runs: %s%n",
                    shrunk.originalSteps(), smallest.steps(), shrunk.runs(), smallest.verdict());
            assertThat(smallest.steps()).as(TraceTable.render(smallest)).isLessThanOrEqualTo(10);
            assertThat(smallest.verdict()).contains("replication async").doesNotContain("\n");
        } finally {
            runner.close();
            db.close();
        }
    }

    @Property(tries = 4, seed = "22", shrinking = ShrinkingMode.OFF)
    void aFailoverToAStoppedStandbyLosesWhatTheReferenceAcknowledged(@ForAll("stopThenFailover") List<Step> steps) {
        if (!CAUGHT.isEmpty()) {
            // one caught trace is what the proof shrinks: each further try would cost a failover for nothing
            return;
        }
        TryResult r = runner.run(Trace.of("reference", steps));
        // the model goes on from what the new primary holds: only the invariants judge the loss, never a divergence
        assertThat(r.divergent()).as(r.verdict() + "\n" + TraceTable.render(r)).isNull();
        if (lostInTheFailover(r)) {
            CAUGHT.add(r);
        }
    }

    private static boolean lostInTheFailover(TryResult r) {
        return r.divergent() == null && !r.violations().isEmpty() && r.verdict().contains("lost what");
    }

    @Provide
    Arbitrary<List<Step>> stopThenFailover() {
        return FaultTraces.withOneFailover().map(steps -> {
            List<Step> withStop = new ArrayList<>();
            withStop.add(Step.nemesis(new Action.StopStandby()));
            withStop.addAll(steps);
            return List.copyOf(withStop);
        });
    }
}
