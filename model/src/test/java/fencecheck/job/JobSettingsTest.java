package fencecheck.job;

import static fencecheck.job.JobScenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.StoredResult;
import fencecheck.api.TokenSequence;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.model.Command;
import fencecheck.model.TokenVerdict;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The job model follows the lease settings, since it answers lease statements through the lease model. */
class JobSettingsTest {

    private static final ModelConfig INCREASING = ModelConfig.reference().withTokens(TokenSequence.INCREASING);

    private static LeaseOperation acquire(String session, String key) {
        return new LeaseOperation(session, new Command.Acquire(key, session, TTL));
    }

    @Test
    void anAcquireCompletedWithAGrantedTokenGoesOnWithIt() {
        JobModel model = new JobModel(INCREASING);
        JobState state = model.init(0);

        ObservedJobGrant first = model.completeAcquire(state, acquire("w1", "K1"), 0, 17);
        state = model.step(first.transition().next(), new JobCommand.AdvanceClock(TTL + 1)).next();
        ObservedJobGrant second = model.completeAcquire(state, acquire("w2", "K1"), TTL + 1, 40);

        assertThat(first.verdict()).isEqualTo(new TokenVerdict.Fits());
        assertThat(first.transition().outcome()).isEqualTo(new JobOutcome.Answered(new Granted(17, TTL)));
        assertThat(second.sequenceBroken()).isFalse();
        assertThat(second.transition().next().committed().key("K1").lease()).isEqualTo(new Lease("w2", TTL + 1 + TTL, 40));
        assertThat(second.transition().next().now()).isEqualTo(TTL + 1);
    }

    @Test
    void aClaimUnderAnIncreasingTokenUsesTheGrantedOne() {
        JobModel model = new JobModel(INCREASING);
        JobState state = model.completeAcquire(model.init(0), acquire("w1", "K1"), 0, 17).transition().next();
        state = model.step(state, new JobCommand.Begin("w1")).next();

        assertThat(model.step(state, new JobCommand.Claim("w1", "K1", 1)).outcome()).isEqualTo(new JobOutcome.NotClaimed());
        assertThat(model.step(state, new JobCommand.Claim("w1", "K1", 17)).outcome()).isEqualTo(new JobOutcome.Claimed(17));
    }

    @Test
    void anAcquireCompletedWithATokenThatBreaksTheSequenceSaysSo() {
        JobModel model = new JobModel(INCREASING);
        JobState state = model.completeAcquire(model.init(0), acquire("w1", "K1"), 0, 17).transition().next();
        state = model.step(state, new JobCommand.AdvanceClock(TTL + 1)).next();

        ObservedJobGrant g = model.completeAcquire(state, acquire("w2", "K1"), TTL + 1, 17);

        assertThat(g.sequenceBroken()).isTrue();
        assertThat(g.transition().outcome()).isEqualTo(new JobOutcome.Answered(new Granted(18, TTL + 1 + TTL)));
    }

    @Test
    void ownerOnlyRenewIsAnsweredByTheJobModelToo() {
        JobModel model = new JobModel(ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY));
        JobState state = model.step(model.init(0), acquire("w1", "K1")).next();

        JobTransition t = model.step(state, new LeaseOperation("w1", new Command.Renew("K1", "w1", 9, TTL)));

        assertThat(t.outcome()).isEqualTo(new JobOutcome.Answered(new Renewed(TTL)));
    }

    @Test
    void aKeptReleasedLeaseShowsInTheRowsAndTheirDescription() {
        JobModel model = new JobModel(ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED));
        JobState state = model.step(model.init(0), acquire("w1", "K1")).next();
        state = model.step(state, new LeaseOperation("w1", new Command.Release("K1", "w1", 1))).next();

        assertThat(state.rows("K1", null).protocol().lease()).isEqualTo(new Lease("w1", TTL, 1, true));
        assertThat(state.rows("K1", null).describe()).contains("released");
    }

    @Test
    void jobRowsAgreeOnTheLeaseByValidityAndOnEverythingElseExactly() {
        ModelConfig relaxed = ModelConfig.reference().withRowComparison(RowComparison.VALIDITY_AND_ANSWERS);
        JobRows model = rows(new Lease("w1", TTL, 1), List.of());
        JobRows database = rows(new Lease("w1", TTL + 7, 1), List.of());
        JobRows otherOutbox = rows(new Lease("w1", TTL + 7, 1), List.of(new JobRows.Message("r", 1, "p", false)));

        assertThat(JobRowAgreement.agree(relaxed, model, database, 5)).isTrue();
        assertThat(JobRowAgreement.agree(ModelConfig.reference(), model, database, 5)).isFalse();
        assertThat(JobRowAgreement.agree(relaxed, model, otherOutbox, 5)).isFalse();
        assertThat(JobRowAgreement.agree(relaxed, model, database, TTL + 1)).isFalse();
        assertThat(JobRowAgreement.agree(relaxed, null, null, 5)).isTrue();
    }

    private static JobRows rows(Lease lease, List<JobRows.Message> outbox) {
        TreeMap<String, StoredResult> business = new TreeMap<>();
        business.put("r", new StoredResult(1, "p"));
        return new JobRows(KeyState.EMPTY.withLease(lease), 1L, business, outbox, new TreeMap<>());
    }
}
