package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static fencecheck.job.JobScenario.acquireCommand;
import static fencecheck.job.JobScenario.answered;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Committed;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.NotClaimed;
import fencecheck.job.JobOutcome.RolledBack;
import fencecheck.job.JobOutcome.Skipped;
import fencecheck.job.JobOutcome.Waiting;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A takeover acquire meets the open job transaction of the lease's previous holder. */
class TakeoverDuringClaimTest {

    /** w1 holds K1 with token 1 and has an open claim with a business row and an outbox message; the lease has expired. */
    private static JobScenario openClaimOfAnExpiredLease() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "from w1");
        s.outbox("w1", "r1", "from w1");
        s.at(TTL + 1);
        return s;
    }

    @Test
    void takeoverAcquireWaitsWhileTheClaimIsOpen() {
        JobScenario s = openClaimOfAnExpiredLease();

        assertThat(s.acquire("w2", "K1")).isEqualTo(new Waiting());
        assertThat(s.state().isWaiting("w2")).isTrue();
        assertThat(s.state().waiting()).containsExactly(new Waiter("w2", acquireCommand("w2", "K1"), TTL + 1));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void commitResumesTheTakeoverWithTheNextToken() {
        JobScenario s = openClaimOfAnExpiredLease();
        s.acquire("w2", "K1");

        assertThat(s.commit("w1")).isEqualTo(new Committed());
        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, TTL + 1 + TTL))));
        assertThat(s.state().isWaiting("w2")).isFalse();
        assertThat(s.state().waiting()).isEmpty();
        assertThat(s.lease("K1")).isEqualTo(new Lease("w2", TTL + 1 + TTL, 2));
    }

    @Test
    void commitKeepsTheClaimedJobsRowsUnderItsToken() {
        JobScenario s = openClaimOfAnExpiredLease();
        s.acquire("w2", "K1");
        s.commit("w1");

        JobRows rows = s.committed("K1");
        assertThat(rows.jobState()).isEqualTo(1L);
        assertThat(rows.business()).containsExactlyEntriesOf(Map.of("r1", new StoredResult(1, "from w1")));
        assertThat(rows.outbox()).containsExactly(new JobRows.Message("r1", 1, "from w1", false));
    }

    @Test
    void rollbackResumesTheTakeoverAndLeavesNothingOfTheTransaction() {
        JobScenario s = openClaimOfAnExpiredLease();
        s.acquire("w2", "K1");

        assertThat(s.rollback("w1")).isEqualTo(new RolledBack());
        assertThat(s.resumed()).containsExactly(
                new Resumed("w2", acquireCommand("w2", "K1"), answered(new Granted(2, TTL + 1 + TTL))));
        JobRows rows = s.committed("K1");
        assertThat(rows.jobState()).isNull();
        assertThat(rows.business()).isEmpty();
        assertThat(rows.outbox()).isEmpty();
        assertThat(s.state().open()).isEmpty();
    }

    @Test
    void acquireWaitsEvenForAValidLeaseAndIsBusyAfterCommit() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);

        assertThat(s.acquire("w2", "K1")).isEqualTo(new Waiting());
        s.commit("w1");

        assertThat(s.resumed()).containsExactly(new Resumed("w2", acquireCommand("w2", "K1"), answered(new Busy())));
        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void acquireOfAnotherKeyDoesNotWait() {
        JobScenario s = openClaimOfAnExpiredLease();

        assertThat(s.acquire("w2", "K2")).isEqualTo(answered(new Granted(1, TTL + 1 + TTL)));
        assertThat(s.state().waiting()).isEmpty();
    }

    @Test
    void firstAcquireOfAKeyDoesNotWaitForAnything() {
        JobScenario s = JobScenario.reference();
        s.begin("w1");
        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new NotClaimed());

        assertThat(s.acquire("w2", "K1")).isEqualTo(answered(new Granted(1, TTL)));
    }

    @Test
    void afterTheTakeoverTheOldHolderCannotClaimButTheNewOneCan() {
        JobScenario s = openClaimOfAnExpiredLease();
        s.acquire("w2", "K1");
        s.commit("w1");

        s.begin("w1");
        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new NotClaimed());
        assertThat(s.business("w1", "r2", "stale")).isEqualTo(new Skipped());
        s.commit("w1");

        s.begin("w2");
        assertThat(s.claim("w2", "K1", 2)).isEqualTo(new Claimed(2));
        assertThat(s.business("w2", "r2", "fresh")).isEqualTo(new Inserted());
        s.commit("w2");

        assertThat(s.committed("K1").jobState()).isEqualTo(2L);
        assertThat(s.committed("K1").business()).containsOnlyKeys("r1", "r2");
        assertThat(s.committed("K1").business().get("r2")).isEqualTo(new StoredResult(2, "fresh"));
    }

    @Test
    void nothingResumesWhenNobodyWaits() {
        JobScenario s = openClaimOfAnExpiredLease();

        s.commit("w1");

        assertThat(s.resumed()).isEqualTo(List.of());
    }
}
