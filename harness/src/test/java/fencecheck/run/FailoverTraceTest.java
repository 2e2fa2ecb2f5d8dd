package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.db.Databases;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A {@code failover} step on a replicated pair the test starts itself: the reference protocol's grant, acknowledged
 * while the standby was down, is lost when the stale standby is promoted under {@code async}, and the next acquire
 * hands out the same token again; under {@code on} the grant waits for the standby, survives, and the trace passes.
 */
class FailoverTraceTest {

    private static final List<Step> GRANT_FAILOVER_GRANT = List.of(
            Step.nemesis(new Action.StopStandby()),
            Step.worker(1, new Action.Acquire("K1")),
            Step.nemesis(new Action.Failover()),
            Step.worker(2, new Action.Acquire("K1")));

    @Test
    void underAsyncAGrantTheStandbyMissedIsLostAndTheSameTokenIsGrantedAgain() {
        try (ReplicatedDatabase db = ReplicatedDatabase.start(Replication.ASYNC);
             TraceRunner runner = new TraceRunner(db, Implementations.select("reference"))) {
            // under async the primary acknowledges commits without the standby, which is promoted with what it had
            TryResult r = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));

            assertThat(r.divergent()).as(r.verdict() + "\n" + TraceTable.render(r)).isNull();
            assertThat(grantedTokens(r)).as(TraceTable.render(r)).containsExactly(1L, 1L);
            assertThat(r.violations()).extracting(Violation::invariant).contains(Invariant.TOKENS_STRICTLY_INCREASING);
            assertThat(r.situations()).contains(Situation.FAILOVER, Situation.FAILOVER_AFTER_GRANT)
                    .doesNotContain(Situation.FAILOVER_AFTER_FENCED_WRITE, Situation.FAILOVER_WITH_OPEN_TRANSACTIONS);
            String verdict = r.verdict();
            assertThat(verdict).doesNotContain("\n")
                    .contains("tokens strictly increasing")
                    .contains("the failover at step 3 lost what step 2 committed")
                    .contains("replication async");
            // the failover's entry says what it did, for the report: the servers, the setting, the lost grant's step
            FailoverFacts facts = failoverFacts(r);
            assertThat(facts.replication()).isEqualTo("async");
            assertThat(facts.lossAllowed()).isTrue();
            assertThat(facts.primaryBefore()).startsWith("port ").isNotEqualTo(facts.primaryAfter());
            assertThat(facts.primaryAfter()).isEqualTo("port " + db.pair().primaryPort());
            assertThat(facts.keptStep()).isEqualTo(1);
            assertThat(facts.lostSteps()).containsExactly(2);
            // the old primary is the new standby, streaming: a second try stops it again and loses the same way
            TryResult again = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));
            assertThat(again.verdict()).contains("the failover at step 3 lost what step 2 committed");
        }
    }

    @Test
    void underOnTheGrantWaitsForTheStandbyAndSurvivesTheFailover() {
        try (ReplicatedDatabase db = ReplicatedDatabase.start(Replication.ON);
             TraceRunner runner = new TraceRunner(db, Implementations.select("reference"))) {
            TryResult r = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));

            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            assertThat(r.situations()).contains(Situation.FAILOVER, Situation.FAILOVER_AFTER_GRANT);
            assertThat(r.history()).anyMatch(e -> e.kind() == HistoryEntry.Kind.NO_OP && e.action().contains("synchronous standby"));
            assertThat(db.restarts()).isEqualTo(1);
            // the old primary came back as the new standby: a later failover has one to promote
            assertThat(db.pair().standbyPort()).isPositive();
            FailoverFacts facts = failoverFacts(r);
            assertThat(facts.replication()).isEqualTo("on");
            assertThat(facts.lossAllowed()).isFalse();
            assertThat(facts.keptStep()).isEqualTo(2);
            assertThat(facts.lostSteps()).isEmpty();
            TryResult second = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));
            assertThat(second.passed()).as("a second try with its own failover").isTrue();
            // the servers swapped roles: the second failover goes back to the first one's old primary
            assertThat(failoverFacts(second).primaryAfter()).isEqualTo(facts.primaryBefore());
            assertThat(db.restarts()).isEqualTo(2);
            assertThat(r.history()).anyMatch(e -> e.observed() instanceof JobOutcome.Restarted && e.action().contains("replication on"));
            // the primary waits for its standby, so the standby is not stopped; w1 still holds the lease on the new
            // primary, and w2 is refused rather than granted token 1 again
            assertThat(grantedTokens(r)).containsExactly(1L);

            // an acknowledged fenced write survives too; a transaction open at the failover vanishes, and its commit is a no-op
            TryResult afterWrite = runner.run(Trace.of("reference", List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(1, Action.Write.fenced("r1", "done")),
                    Step.nemesis(new Action.Failover()),
                    Step.worker(2, new Action.Acquire("K1")))));
            assertThat(afterWrite.passed()).as(afterWrite.verdict() + "\n" + TraceTable.render(afterWrite)).isTrue();
            assertThat(afterWrite.situations()).contains(Situation.FAILOVER_AFTER_FENCED_WRITE);
            TryResult withOpen = runner.run(Trace.of("reference", List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(1, new Action.Begin()),
                    Step.worker(1, Action.Write.fenced("r1", "in the transaction")),
                    Step.nemesis(new Action.Failover()),
                    Step.worker(1, new Action.Commit()))));
            assertThat(withOpen.passed()).as(withOpen.verdict() + "\n" + TraceTable.render(withOpen)).isTrue();
            assertThat(withOpen.situations()).contains(Situation.FAILOVER_WITH_OPEN_TRANSACTIONS);
        }
    }

    @Test
    void aDatabaseWithoutAStandbyIsRefusedInOneLine() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            assertThatThrownBy(() -> runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT.subList(1, 4))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the trace fails the database over, but ")
                    .hasMessageContaining("-Dfencecheck.db=replicated")
                    .hasMessageNotContaining("\n");
            assertThatThrownBy(() -> runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the trace stops the standby, but the embedded database")
                    .hasMessageContaining("-Dfencecheck.db=replicated")
                    .hasMessageNotContaining("\n");
        }
    }

    private static FailoverFacts failoverFacts(TryResult r) {
        List<FailoverFacts> facts = r.history().stream().map(HistoryEntry::failover).filter(f -> f != null).toList();
        assertThat(facts).as(TraceTable.render(r)).hasSize(1);
        return facts.getFirst();
    }

    private static List<Long> grantedTokens(TryResult r) {
        return r.history().stream()
                .filter(e -> e.observed() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted)
                .map(e -> ((Outcome.Granted) ((JobOutcome.Answered) e.observed()).outcome()).token())
                .toList();
    }
}
