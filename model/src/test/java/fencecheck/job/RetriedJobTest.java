package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.StoredResult;
import fencecheck.job.JobOutcome.AlreadyThere;
import fencecheck.job.JobOutcome.Claimed;
import fencecheck.job.JobOutcome.Delivered;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.NothingToDeliver;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A job that runs again after a takeover finds the rows of its earlier run by their stable business key. */
class RetriedJobTest {

    /** w1 ran the job for K1 with token 1 and committed result r1; then w2 took K1 over with token 2. */
    private static JobScenario firstRunCommittedThenTakenOver() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.runJob("w1", "K1", 1, "r1", "first run");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w2");
        assertThat(s.claim("w2", "K1", 2)).isEqualTo(new Claimed(2));
        return s;
    }

    @Test
    void outboxRowOfARetriedJobIsAlreadyThere() {
        JobScenario s = firstRunCommittedThenTakenOver();

        assertThat(s.outbox("w2", "r1", "second run")).isEqualTo(new AlreadyThere());
        s.commit("w2");

        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "first run", false));
    }

    @Test
    void businessRowOfARetriedJobIsAlreadyThere() {
        JobScenario s = firstRunCommittedThenTakenOver();

        assertThat(s.business("w2", "r1", "second run")).isEqualTo(new AlreadyThere());
        s.commit("w2");

        assertThat(s.committed("K1").business()).isEqualTo(Map.of("r1", new StoredResult(1, "first run")));
    }

    @Test
    void retriedJobStillMovesTheJobStateRowToItsToken() {
        JobScenario s = firstRunCommittedThenTakenOver();
        s.business("w2", "r1", "second run");
        s.outbox("w2", "r1", "second run");

        s.commit("w2");

        assertThat(s.committed("K1").jobState()).isEqualTo(2L);
    }

    @Test
    void retriedJobsMessageTakesEffectOnce() {
        JobScenario s = firstRunCommittedThenTakenOver();
        s.outbox("w2", "r1", "second run");
        s.commit("w2");

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
        assertThat(s.committed("K1").effects()).isEqualTo(Map.of("r1", 1));
    }

    @Test
    void retriedJobAfterTheFirstMessageWasDeliveredStaysSingle() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.runJob("w1", "K1", 1, "r1", "first run");
        s.relay();
        s.at(TTL + 1);
        s.acquire("w2", "K1");

        s.runJob("w2", "K1", 2, "r1", "second run");

        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "first run", true));
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void anotherResultIdOfTheRetriedJobIsInserted() {
        JobScenario s = firstRunCommittedThenTakenOver();

        assertThat(s.business("w2", "r2", "second run")).isEqualTo(new Inserted());
        assertThat(s.outbox("w2", "r2", "second run")).isEqualTo(new Inserted());
        s.commit("w2");

        assertThat(s.committed("K1").outbox()).containsExactly(
                new JobRows.Message("r1", 1, "first run", false),
                new JobRows.Message("r2", 2, "second run", false));
    }

    @Test
    void theSameResultIdOfAnotherKeyIsAnotherBusinessKey() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w2", "K2");
        s.runJob("w1", "K1", 1, "r1", "a");
        s.begin("w2");
        s.claim("w2", "K2", 1);

        assertThat(s.business("w2", "r1", "b")).isEqualTo(new Inserted());
        assertThat(s.outbox("w2", "r1", "b")).isEqualTo(new Inserted());
    }

    @Test
    void retryBehindAnOpenFirstRunWaitsAndThenFindsItsRows() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.business("w1", "r1", "first run");
        s.outbox("w1", "r1", "first run");
        s.at(TTL + 1);
        s.acquire("w2", "K1");
        s.commit("w1");
        s.begin("w2");
        s.claim("w2", "K1", 2);

        assertThat(s.outbox("w2", "r1", "second run")).isEqualTo(new AlreadyThere());
        assertThat(s.business("w2", "r1", "second run")).isEqualTo(new AlreadyThere());
    }
}
