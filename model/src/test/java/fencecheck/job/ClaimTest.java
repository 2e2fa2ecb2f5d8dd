package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome.AlreadyThere;
import fencecheck.job.JobOutcome.Begun;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Committed;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.NotClaimed;
import fencecheck.job.JobOutcome.NothingToDeliver;
import fencecheck.job.JobOutcome.RolledBack;
import fencecheck.job.JobOutcome.Skipped;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClaimTest {

    @Test
    void claimWithTheCurrentTokenTakesTheJobStateRow() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");

        assertThat(s.begin("w1")).isEqualTo(new Begun());
        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new Claimed(1));
        assertThat(s.state().transaction("w1").claimedKey()).isEqualTo("K1");
        assertThat(s.state().transaction("w1").claimedToken()).isEqualTo(1);
        assertThat(s.state().transaction("w1").locks("K1")).isTrue();
    }

    @Test
    void rowsShowTheCommittedJobStateTokenEvenToTheClaimingSession() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.runJob("w1", "K1", 1, "r1", "p");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 2);

        assertThat(s.rows("K1", "w2").jobState()).isEqualTo(1L);
        s.commit("w2");
        assertThat(s.committed("K1").jobState()).isEqualTo(2L);
    }

    @Test
    void claimedJobStateRowIsCommittedWithItsToken() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);

        assertThat(s.commit("w1")).isEqualTo(new Committed());
        assertThat(s.committed("K1").jobState()).isEqualTo(1L);
        assertThat(s.state().open()).isEmpty();
    }

    @Test
    void claimDoesNotTouchTheLease() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.commit("w1");

        assertThat(s.lease("K1")).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void claimWithAnOldTokenIsNotClaimedAndTheRestIsSkipped() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w1");

        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new NotClaimed());
        assertThat(s.business("w1", "r1", "late")).isEqualTo(new Skipped());
        assertThat(s.outbox("w1", "r1", "late")).isEqualTo(new Skipped());
        assertThat(s.state().transaction("w1").claimed()).isFalse();
        assertThat(s.commit("w1")).isEqualTo(new Committed());

        JobRows rows = s.committed("K1");
        assertThat(rows.jobState()).isNull();
        assertThat(rows.business()).isEmpty();
        assertThat(rows.outbox()).isEmpty();
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void claimWithATokenAboveTheLatestGrantIsNotClaimed() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");

        assertThat(s.claim("w1", "K1", 2)).isEqualTo(new NotClaimed());
        assertThat(s.business("w1", "r1", "forged")).isEqualTo(new Skipped());
    }

    @Test
    void claimOfAKeyNeverGrantedIsNotClaimed() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");

        assertThat(s.claim("w1", "K2", 1)).isEqualTo(new NotClaimed());
        assertThat(s.outbox("w1", "r1", "p")).isEqualTo(new Skipped());
    }

    @Test
    void claimOutsideATransactionIsNotClaimedAndWritesNothing() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");

        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new NotClaimed());
        assertThat(s.business("w1", "r1", "p")).isEqualTo(new Skipped());
        assertThat(s.outbox("w1", "r1", "p")).isEqualTo(new Skipped());
        assertThat(s.committed("K1").jobState()).isNull();
    }

    @Test
    void claimAfterMereExpiryWithNoTakeoverStillHolds() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 5);
        s.begin("w1");

        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new Claimed(1));
        assertThat(s.business("w1", "r1", "p")).isEqualTo(new Inserted());
    }

    @Test
    void businessAndOutboxRowsCarryTheClaimedToken() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w2");
        s.claim("w2", "K1", 2);

        assertThat(s.business("w2", "r1", "p")).isEqualTo(new Inserted());
        assertThat(s.outbox("w2", "r1", "p")).isEqualTo(new Inserted());
        s.commit("w2");

        assertThat(s.committed("K1").business()).containsExactlyEntriesOf(Map.of("r1", new StoredResult(2, "p")));
        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 2, "p", false));
    }

    @Test
    void uncommittedRowsAreSeenOnlyByTheirOwnSession() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "p");
        s.outbox("w1", "r1", "p");

        JobRows own = s.rows("K1", "w1");
        assertThat(own.business()).containsEntry("r1", new StoredResult(1, "p"));
        assertThat(own.outbox()).containsExactly(new JobRows.Message("r1", 1, "p", false));

        for (JobRows other : List.of(s.committed("K1"), s.rows("K1", "w2"))) {
            assertThat(other.jobState()).isNull();
            assertThat(other.business()).isEmpty();
            assertThat(other.outbox()).isEmpty();
        }
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void commitMakesTheRowsEveryones() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");

        s.runJob("w1", "K1", 1, "r1", "p");

        JobRows rows = s.rows("K1", "w2");
        assertThat(rows.jobState()).isEqualTo(1L);
        assertThat(rows.business()).containsEntry("r1", new StoredResult(1, "p"));
        assertThat(rows.outbox()).containsExactly(new JobRows.Message("r1", 1, "p", false));
    }

    @Test
    void rollbackLeavesNoTrace() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        JobRows before = s.committed("K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "p");
        s.outbox("w1", "r1", "p");

        assertThat(s.rollback("w1")).isEqualTo(new RolledBack());
        assertThat(s.committed("K1")).isEqualTo(before);
        assertThat(s.rows("K1", "w1")).isEqualTo(before);
        assertThat(s.state().open()).isEmpty();
        assertThat(s.state().outbox()).isEmpty();
        assertThat(s.state().jobStates()).isEmpty();
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void theSameResultIdTwiceInOneTransactionIsAlreadyThere() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "p");
        s.outbox("w1", "r1", "p");

        assertThat(s.business("w1", "r1", "p")).isEqualTo(new AlreadyThere());
        assertThat(s.outbox("w1", "r1", "p")).isEqualTo(new AlreadyThere());
        s.commit("w1");

        assertThat(s.committed("K1").outbox()).hasSize(1);
    }

    @Test
    void commitWithoutATransactionChangesNothing() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        JobState before = s.state();

        assertThat(s.commit("w1")).isEqualTo(new Committed());
        assertThat(s.rollback("w1")).isEqualTo(new RolledBack());
        assertThat(s.state()).isEqualTo(before);
    }
}
