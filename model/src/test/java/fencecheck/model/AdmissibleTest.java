package fencecheck.model;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.api.TokenSequence;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.model.Judgement.Level;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AdmissibleTest {

    private static final long TTL = 1_000_000;
    private final LeaseModel model = new LeaseModel(ModelConfig.reference());
    private final Admissible admissible = new Admissible(model);

    private ProtocolState heldByW1() {
        return model.step(model.init(0), new Acquire("k", "w1", TTL)).next();
    }

    @Test
    void theReferencesAnswerIsTheReferences() {
        Judgement j = admissible.judge(model.init(0), new Acquire("k", "w1", TTL), new Granted(1, TTL));
        assertThat(j.level()).isEqualTo(Level.REFERENCE);
        assertThat(j.difference()).isNull();
        assertThat(j.transition().next().key("k").lease()).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void busyWhereTheReferenceGrantsOnlyDelays() {
        Judgement j = admissible.judge(model.init(0), new Acquire("k", "w1", TTL), new Busy());
        assertThat(j.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(j.reference()).isEqualTo(new Granted(1, TTL));
        assertThat(j.transition().next().key("k").lease()).isNull();
    }

    @Test
    void aGrantWhileAnotherOwnerHoldsAValidLeaseIsUnsafe() {
        Judgement j = admissible.judge(heldByW1(), new Acquire("k", "w2", TTL), new Granted(2, TTL));
        assertThat(j.level()).isEqualTo(Level.UNSAFE);
        assertThat(j.difference()).contains("granted to w2 while w1 holds token 1");
    }

    @Test
    void aTokenNotAboveEveryEarlierOneIsUnsafe() {
        ProtocolState expired = heldByW1().withNow(TTL + 1);
        Judgement j = admissible.judge(expired, new Acquire("k", "w2", TTL), new Granted(1, 2 * TTL + 1));
        assertThat(j.level()).isEqualTo(Level.UNSAFE);
        assertThat(j.difference()).contains("not above every earlier token");
    }

    @Test
    void aTruncatedLeaseEndIsAdmissibleAndTheModelGoesOnFromIt() {
        Judgement j = admissible.judge(model.init(0).withNow(1_500), new Acquire("k", "w1", TTL), new Granted(1, TTL + 1_000));
        assertThat(j.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(j.difference()).contains("shorter than the reference's");
        ProtocolState next = j.transition().next();
        assertThat(next.key("k").lease().until()).isEqualTo(TTL + 1_000);
        // the holder was told its lease ends then: a grant to another owner just after is safe
        Judgement after = admissible.judge(next.withNow(TTL + 1_001), new Acquire("k", "w2", TTL), new Granted(2, 2 * TTL + 1_001));
        assertThat(after.level()).isEqualTo(Level.REFERENCE);
    }

    @Test
    void aReGrantThatExtendsTheLeaseIsAdmissible() {
        ProtocolState later = heldByW1().withNow(500_000);
        Judgement j = admissible.judge(later, new Acquire("k", "w1", TTL), new Granted(1, 1_500_000));
        assertThat(j.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(j.difference()).startsWith("a re-grant");
        assertThat(j.transition().next().key("k").lease().until()).isEqualTo(1_500_000);
    }

    @Test
    void aRenewAfterExpiryRevivesALeaseNobodyElseHad() {
        ProtocolState expired = heldByW1().withNow(TTL + 10);
        Judgement j = admissible.judge(expired, new Renew("k", "w1", 1, TTL), new Renewed(2 * TTL + 10));
        assertThat(j.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(j.reference()).isEqualTo(new RenewRejected());
        assertThat(j.difference()).contains("revives it");
    }

    @Test
    void aRenewOfASupersededTokenIsUnsafeEvenWhenNobodyHoldsTheKeyNow() {
        ProtocolState w2 = model.step(heldByW1().withNow(TTL + 1), new Acquire("k", "w2", TTL)).next();
        Judgement whileHeld = admissible.judge(w2, new Renew("k", "w1", 1, TTL), new Renewed(2 * TTL + 1));
        assertThat(whileHeld.level()).isEqualTo(Level.UNSAFE);
        assertThat(whileHeld.difference()).contains("w2 holds token 2");
        Judgement afterIt = admissible.judge(w2.withNow(3 * TTL), new Renew("k", "w1", 1, TTL), new Renewed(4 * TTL));
        assertThat(afterIt.level()).isEqualTo(Level.UNSAFE);
        assertThat(afterIt.difference()).contains("token 2 was granted to w2 since");
    }

    @Test
    void aRefusedReleaseLetsTheLeaseRunOut() {
        Judgement j = admissible.judge(heldByW1(), new Release("k", "w1", 1), new ReleaseRejected());
        assertThat(j.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(j.transition().next().key("k").lease()).isEqualTo(new Lease("w1", TTL, 1));
    }

    @Test
    void releasingAnotherOwnersValidLeaseIsUnsafe() {
        Judgement j = admissible.judge(heldByW1(), new Release("k", "w2", 1), new Released());
        assertThat(j.level()).isEqualTo(Level.UNSAFE);
    }

    @Test
    void aWriteIsUnsafeOnlyWhenItIsAcceptedWhereTheReferenceRefuses() {
        ProtocolState w2 = model.step(heldByW1().withNow(TTL + 1), new Acquire("k", "w2", TTL)).next();
        Write stale = new Write(SinkKind.CURRENT_FENCE, "k", 1, "r", "p");
        assertThat(admissible.judge(w2, stale, new Applied()).level()).isEqualTo(Level.UNSAFE);
        Write current = new Write(SinkKind.CURRENT_FENCE, "k", 2, "r", "p");
        assertThat(admissible.judge(w2, current, new Stale()).level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(admissible.judge(w2, current, new Replayed()).level())
                .as("Replayed for a result never stored: the writer takes it as stored").isEqualTo(Level.UNSAFE);
        ProtocolState stored = model.step(w2, current).next();
        assertThat(admissible.judge(stored, current, new Applied()).level()).isEqualTo(Level.ADMISSIBLE);
    }

    @Test
    void underIncreasingTokensAnyTokenAboveTheLastIsTheReferences() {
        LeaseModel increasing = new LeaseModel(ModelConfig.reference().withTokens(TokenSequence.INCREASING));
        Judgement j = new Admissible(increasing).judge(increasing.init(0), new Acquire("k", "w1", TTL), new Granted(7, TTL));
        assertThat(j.level()).isEqualTo(Level.REFERENCE);
    }
}
