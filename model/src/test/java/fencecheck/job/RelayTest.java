package fencecheck.job;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.check.Delivery;
import fencecheck.check.ExactlyOnce;
import fencecheck.job.JobOutcome.Delivered;
import fencecheck.job.JobOutcome.NothingToDeliver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The relay delivers committed outbox messages at least once; the consumer applies each business key once. */
class RelayTest {

    /** K1 and K2 are held with token 1, and each ran a job that wrote result r1, K1's first. */
    private static JobScenario twoCommittedMessages() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w2", "K2");
        s.runJob("w1", "K1", 1, "r1", "a");
        s.runJob("w2", "K2", 1, "r1", "b");
        return s;
    }

    @Test
    void relayWithNothingCommittedHasNothingToDeliver() {
        JobScenario s = JobScenario.reference();

        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
        assertThat(s.relayCrashingBeforeMark()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void relayDeliversTheOldestUndeliveredMessageAndMarksIt() {
        JobScenario s = twoCommittedMessages();

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "a", true));
        assertThat(s.committed("K1").effects()).isEqualTo(Map.of("r1", 1));
        assertThat(s.committed("K2").outbox()).containsExactly(new JobRows.Message("r1", 1, "b", false));
        assertThat(s.committed("K2").effects()).isEmpty();
    }

    @Test
    void relayGoesThroughTheMessagesOneByOneAndThenHasNothingLeft() {
        JobScenario s = twoCommittedMessages();

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
        assertThat(s.relay()).isEqualTo(new Delivered("K2", "r1", true, true));
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
        assertThat(s.committed("K2").effects()).isEqualTo(Map.of("r1", 1));
    }

    @Test
    void relayThatCrashesBeforeMarkingLeavesTheMessageUnmarked() {
        JobScenario s = twoCommittedMessages();

        assertThat(s.relayCrashingBeforeMark()).isEqualTo(new Delivered("K1", "r1", true, false));
        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "a", false));
        assertThat(s.committed("K1").effects()).isEqualTo(Map.of("r1", 1));
    }

    @Test
    void messageLeftUnmarkedIsDeliveredAgainWithoutASecondEffect() {
        JobScenario s = twoCommittedMessages();
        s.relayCrashingBeforeMark();

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", false, true));
        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "a", true));
        assertThat(s.committed("K1").effects()).isEqualTo(Map.of("r1", 1));
        assertThat(s.relay()).isEqualTo(new Delivered("K2", "r1", true, true));
    }

    @Test
    void redeliveryOfTheLastMessageHasNoSecondEffect() {
        JobScenario s = twoCommittedMessages();
        s.relay();

        assertThat(s.redeliver()).isEqualTo(new Delivered("K1", "r1", false, false));
        assertThat(s.redeliver()).isEqualTo(new Delivered("K1", "r1", false, false));
        assertThat(s.committed("K1").effects()).isEqualTo(Map.of("r1", 1));
        assertThat(s.committed("K1").outbox()).containsExactly(new JobRows.Message("r1", 1, "a", true));
    }

    @Test
    void redeliveryFollowsTheRelay() {
        JobScenario s = twoCommittedMessages();
        s.relay();
        s.relay();

        assertThat(s.redeliver()).isEqualTo(new Delivered("K2", "r1", false, false));
        assertThat(s.state().lastDelivered()).isEqualTo(s.state().outbox().get(1).id());
    }

    @Test
    void redeliverBeforeAnyDeliveryHasNothingToDeliver() {
        JobScenario s = twoCommittedMessages();

        assertThat(s.redeliver()).isEqualTo(new NothingToDeliver());
        assertThat(s.committed("K1").effects()).isEmpty();
    }

    @Test
    void uncommittedMessageIsNotDelivered() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.outbox("w1", "r1", "a");

        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
        s.commit("w1");
        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
    }

    @Test
    void rolledBackMessageIsNeverDelivered() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.outbox("w1", "r1", "a");
        s.rollback("w1");

        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
        assertThat(s.redeliver()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void relayReadsInInsertionOrderNotCommitOrder() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w2", "K2");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.outbox("w1", "r1", "first inserted");
        s.begin("w2");
        s.claim("w2", "K2", 1);
        s.outbox("w2", "r1", "second inserted");
        s.commit("w2");
        s.commit("w1");

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
        assertThat(s.relay()).isEqualTo(new Delivered("K2", "r1", true, true));
    }

    @Test
    void aMessageCommittedLaterWithASmallerIdIsStillDelivered() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w2", "K2");
        s.begin("w1");
        s.claim("w1", "K1", 1);
        s.outbox("w1", "r1", "first inserted");
        s.runJob("w2", "K2", 1, "r1", "second inserted");
        assertThat(s.relay()).isEqualTo(new Delivered("K2", "r1", true, true));

        s.commit("w1");

        assertThat(s.relay()).isEqualTo(new Delivered("K1", "r1", true, true));
        assertThat(s.relay()).isEqualTo(new NothingToDeliver());
    }

    @Test
    void deliveriesWithCrashesAndRedeliveriesSatisfyExactlyOnce() {
        JobScenario s = twoCommittedMessages();
        List<Delivery> deliveries = new ArrayList<>();
        List<JobOutcome> outcomes = List.of(
                s.relayCrashingBeforeMark(), s.redeliver(), s.relay(), s.redeliver(),
                s.relayCrashingBeforeMark(), s.relay(), s.redeliver(), s.relay());
        for (JobOutcome outcome : outcomes) {
            if (outcome instanceof Delivered d) {
                deliveries.add(new Delivery(deliveries.size() + 1, d.key(), d.resultId(), d.effect()));
            }
        }

        assertThat(deliveries).hasSize(7);
        assertThat(ExactlyOnce.check(deliveries)).isEmpty();
        assertThat(deliveries).filteredOn(Delivery::effect).hasSize(2);
    }
}
