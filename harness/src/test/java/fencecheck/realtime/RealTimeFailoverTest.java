package fencecheck.realtime;

import fencecheck.check.RealTimeHistory;
import fencecheck.check.TimedOperation;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.protocol.Implementations;
import fencecheck.run.Situation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real-time nemesis fails a replicated pair over while the workers run: their sessions are cut, the answers in
 * flight are lost (unknown outcomes), and they reconnect to the new primary and go on. Under {@code on} nothing
 * acknowledged is lost, so the reference has no finding.
 */
class RealTimeFailoverTest {

    @Test
    void onAnAsynchronousPairTheWorkersAreCutByAFailoverAndGoOnOnTheNewPrimary() throws Exception {
        try (ReplicatedDatabase db = ReplicatedDatabase.start(Replication.ASYNC)) {
            RealTimeRun.Result r = run(db, 31);
            reachedAFailover(db, r);
        }
    }

    @Test
    void onAPairWithASynchronousStandbyTheReferenceHasNoFindingAcrossFailovers() throws Exception {
        try (ReplicatedDatabase db = ReplicatedDatabase.start(Replication.ON)) {
            RealTimeRun.Result r = run(db, 32);
            reachedAFailover(db, r);
            assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
        }
    }

    private static RealTimeRun.Result run(ReplicatedDatabase db, long seed) throws Exception {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(db, Implementations.select("reference"),
                RealTimeSettings.quick(2_000, seed).withShrinkMillis(2_000));
        List<TimedOperation> ops = r.history().operations();
        List<Long> marks = r.history().marks().stream().filter(m -> m.process().equals(FailoverNemesis.NAME))
                .map(m -> (m.at() - r.history().start()) / 1_000).toList();
        System.out.println("replication " + db.replication() + ": failovers " + db.restarts() + " (marks at " + marks
                + " ms from the start, the last answer at " + (ops.stream().mapToLong(TimedOperation::complete).max().orElse(0)
                - r.history().start()) / 1_000 + " ms), operations " + ops.size()
                + ", unknown " + ops.stream().filter(TimedOperation::unknown).count() + ", cut by a failover "
                + ops.stream().filter(o -> o.note().contains(Worker.CUT_BY_FAILOVER)).count() + ", situations " + r.situations()
                + ", run " + r.runMillis() + " ms, check " + r.checkMillis() + " ms: " + r.verdict().sentence().lines().findFirst().orElse(""));
        return r;
    }

    private static void reachedAFailover(ReplicatedDatabase db, RealTimeRun.Result r) {
        assertThat(db.restarts()).as("failovers").isPositive();
        assertThat(r.situations()).contains(Situation.FAILOVER, Situation.UNKNOWN_OUTCOME);
        RealTimeHistory history = r.history();
        long failedOver = history.marks().stream()
                .filter(m -> m.process().equals(FailoverNemesis.NAME) && m.what().startsWith("failover:"))
                .mapToLong(RealTimeHistory.Mark::at).min().orElseThrow();
        // every operation cut by the failover was invoked before it ended, and never answered
        assertThat(history.operations()).filteredOn(o -> o.note().contains(Worker.CUT_BY_FAILOVER))
                .allMatch(TimedOperation::unknown)
                .allMatch(o -> o.complete() > failedOver);
        // the workers reconnected: answers came from the new primary after the failover
        assertThat(history.operations()).anyMatch(o -> !o.unknown() && o.invoke() > failedOver && o.note().isEmpty());
    }
}
