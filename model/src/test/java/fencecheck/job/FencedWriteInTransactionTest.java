package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static fencecheck.job.JobScenario.fencedWriteCommand;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fencecheck.api.Lease;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome.Waiting;
import org.junit.jupiter.api.Test;

/** A CURRENT_FENCE write inside a transaction locks the lease row FOR SHARE and is private until commit. */
class FencedWriteInTransactionTest {

    /** w1 holds K1 with token 1 and has written r1 in an open transaction. */
    private static JobScenario openFencedWrite() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "p1")).isEqualTo(answered(new Applied()));
        return s;
    }

    @Test
    void fencedWriteInATransactionLocksTheLeaseRowForShare() {
        JobScenario s = openFencedWrite();

        Transaction tx = s.state().transaction("w1");
        assertThat(tx.sharedKeys()).containsExactly("K1");
        assertThat(tx.claimed()).isFalse();
        assertThat(tx.locks("K1")).isTrue();
    }

    @Test
    void acquireWaitsForTheShareLock() {
        JobScenario s = openFencedWrite();
        s.at(TTL + 1);

        assertThat(s.acquire("w2", "K1")).isEqualTo(new Waiting());
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void commitLetsTheWaitingAcquireTakeOverAfterTheWriteCommitted() {
        JobScenario s = openFencedWrite();
        s.at(TTL + 1);
        s.acquire("w2", "K1");

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, TTL + 1 + TTL))));
        assertThat(s.committed("K1").protocol().fenced()).containsEntry("r1", new StoredResult(1, "p1"));
    }

    @Test
    void anotherFencedWriteInATransactionDoesNotWait() {
        JobScenario s = openFencedWrite();
        s.begin("w2");

        assertThat(s.fencedWrite("w2", "K1", 1, "r2", "p2")).isEqualTo(answered(new Applied()));
        assertThat(s.state().waiting()).isEmpty();
        assertThat(s.state().transaction("w2").sharedKeys()).containsExactly("K1");
    }

    @Test
    void anAutocommitFencedWriteDoesNotWaitForAShareLock() {
        JobScenario s = openFencedWrite();

        assertThat(s.fencedWrite("w2", "K1", 1, "r2", "p2")).isEqualTo(answered(new Applied()));
        assertThat(s.committed("K1").protocol().fenced()).containsOnlyKeys("r2");
    }

    @Test
    void itsRowIsSeenByItsOwnSessionOnlyUntilCommit() {
        JobScenario s = openFencedWrite();

        assertThat(s.rows("K1", "w1").protocol().fenced()).containsEntry("r1", new StoredResult(1, "p1"));
        assertThat(s.committed("K1").protocol().fenced()).isEmpty();
        assertThat(s.rows("K1", "w2").protocol().fenced()).isEmpty();

        s.commit("w1");

        assertThat(s.committed("K1").protocol().fenced()).containsEntry("r1", new StoredResult(1, "p1"));
        assertThat(s.rows("K1", "w2").protocol().fenced()).containsEntry("r1", new StoredResult(1, "p1"));
    }

    @Test
    void rollbackDropsTheRowAndTheLock() {
        JobScenario s = openFencedWrite();
        s.at(TTL + 1);
        s.acquire("w2", "K1");

        s.rollback("w1");

        assertThat(s.committed("K1").protocol().fenced()).isEmpty();
        assertThat(s.resumed()).extracting(Resumed::outcome).containsExactly(answered(new Granted(2, TTL + 1 + TTL)));
    }

    @Test
    void theSameWriteAgainInTheSameTransactionIsReplayedAndAnotherPayloadConflicts() {
        JobScenario s = openFencedWrite();

        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "p1")).isEqualTo(answered(new Replayed()));
        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "other")).isEqualTo(answered(new Conflict()));
        assertThat(s.rows("K1", "w1").protocol().fenced()).containsEntry("r1", new StoredResult(1, "p1"));
    }

    @Test
    void aResultIdCommittedEarlierConflictsWithAnotherPayload() {
        JobScenario s = openFencedWrite();
        s.commit("w1");
        s.begin("w2");

        assertThat(s.fencedWrite("w2", "K1", 1, "r1", "p2")).isEqualTo(answered(new Conflict()));
        assertThat(s.fencedWrite("w2", "K1", 1, "r1", "p1")).isEqualTo(answered(new Replayed()));
    }

    @Test
    void fencedWriteWaitsBehindAClaimAndAppliesAfterItsCommit() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 1);
        s.begin("w1");

        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "p1")).isEqualTo(new Waiting());
        s.commit("w2");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w1", fencedWriteCommand("w1", "K1", 1, "r1", "p1"), answered(new Applied())));
        assertThat(s.state().transaction("w1").sharedKeys()).containsExactly("K1");
        assertThat(s.rows("K1", "w1").protocol().fenced()).containsKey("r1");
    }

    @Test
    void fencedWriteQueuedBehindATakeoverIsStale() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        assertThat(s.fencedWrite("w3", "K1", 1, "r1", "late")).isEqualTo(new Waiting());

        s.commit("w1");

        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, TTL + 1 + TTL))),
                new Resumed("w3", fencedWriteCommand("w3", "K1", 1, "r1", "late"), answered(new Stale())));
        assertThat(s.committed("K1").protocol().fenced()).isEmpty();
    }

    @Test
    void aStaleWriteInsideATransactionStillLocksTheRow() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w1");

        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "late")).isEqualTo(answered(new Stale()));
        assertThat(s.rows("K1", "w1").protocol().fenced()).isEmpty();
        assertThat(s.acquire("w3", "K1")).isEqualTo(new Waiting());
        s.commit("w1");
        assertThat(s.resumed()).extracting(Resumed::outcome).containsExactly(answered(new Busy()));
    }

    @Test
    void aForgedWriteOfAKeyNeverGrantedTakesNoLock() {
        JobScenario s = JobScenario.reference();
        s.begin("w1");

        assertThat(s.fencedWrite("w1", "K2", 1, "r1", "p")).isEqualTo(answered(new Forged()));
        assertThat(s.state().transaction("w1").sharedKeys()).isEmpty();
        assertThat(s.acquire("w2", "K2")).isEqualTo(answered(new Granted(1, TTL)));
    }

    @Test
    void aTransactionThatTouchesASecondKeyIsOutOfScope() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w2", "K2");
        s.begin("w1");
        s.fencedWrite("w1", "K1", 1, "r1", "a");

        assertThatThrownBy(() -> s.fencedWrite("w1", "K2", 1, "r1", "b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a transaction touches one job key");
    }

}
