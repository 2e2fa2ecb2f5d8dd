package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.TokenSequence;
import fencecheck.model.Command.Acquire;
import fencecheck.model.TokenVerdict.BreaksSequence;
import fencecheck.model.TokenVerdict.Fits;
import fencecheck.model.TokenVerdict.NoGrant;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TokenSequenceTest {

    private static final ModelConfig INCREASING = ModelConfig.reference().withTokens(TokenSequence.INCREASING);

    private final LeaseModel increasing = new LeaseModel(INCREASING);
    private final LeaseModel consecutive = new LeaseModel(ModelConfig.reference());

    /** A key whose latest grant was {@code token} to "a" at 0, expired at {@code now}. */
    private static ProtocolState expiredAt(long token, long now) {
        return ProtocolState.at(now).with("job", KeyState.EMPTY.withLease(new Lease("a", TTL, token)));
    }

    @Test
    void increasingAcceptsSevenAfterThreeAndGoesOnWithIt() {
        ObservedGrant g = increasing.acquire(expiredAt(3, 2 * TTL), new Acquire("job", "b", TTL), 7);

        assertThat(g.verdict()).isEqualTo(new Fits());
        assertThat(g.sequenceBroken()).isFalse();
        assertThat(g.transition().outcome()).isEqualTo(new Granted(7, 3 * TTL));
        assertThat(g.transition().next().key("job").lease()).isEqualTo(new Lease("b", 3 * TTL, 7));
    }

    @Test
    void increasingRefusesThreeAfterSevenAndGoesOnWithItsOwnPrediction() {
        ObservedGrant g = increasing.acquire(expiredAt(7, 2 * TTL), new Acquire("job", "b", TTL), 3);

        assertThat(g.sequenceBroken()).isTrue();
        assertThat(g.verdict()).isInstanceOfSatisfying(BreaksSequence.class, b -> {
            assertThat(b.observed()).isEqualTo(3);
            assertThat(b.explanation()).contains("token 3").contains("above 7");
        });
        assertThat(g.transition().outcome()).isEqualTo(new Granted(8, 3 * TTL));
    }

    @Test
    void increasingRefusesAReusedToken() {
        ObservedGrant g = increasing.acquire(expiredAt(7, 2 * TTL), new Acquire("job", "b", TTL), 7);

        assertThat(g.sequenceBroken()).isTrue();
    }

    @Test
    void increasingAcceptsAnyPositiveFirstTokenButNotZero() {
        ProtocolState empty = ProtocolState.at(0);

        assertThat(increasing.acquire(empty, new Acquire("job", "a", TTL), 41).verdict()).isEqualTo(new Fits());
        assertThat(increasing.acquire(empty, new Acquire("job", "a", TTL), 0).sequenceBroken()).isTrue();
    }

    @Test
    void increasingTokensAreJudgedPerKeyAsFromASharedSequence() {
        ProtocolState state = ProtocolState.at(0);
        state = increasing.acquire(state, new Acquire("x", "a", TTL), 1).transition().next();
        state = increasing.acquire(state, new Acquire("y", "a", TTL), 2).transition().next();
        state = increasing.acquire(state.withNow(TTL + 1), new Acquire("x", "b", TTL), 3).transition().next();

        assertThat(state.key("x").lease().token()).isEqualTo(3);
        assertThat(state.key("y").lease().token()).isEqualTo(2);
        assertThat(increasing.acquire(state, new Acquire("y", "b", TTL), 4).verdict()).isEqualTo(new Fits());
    }

    @Test
    void stepWithoutAnObservedTokenPredictsTheLeastThatContinues() {
        Scenario s = Scenario.with(INCREASING);

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(1, TTL));
        assertThat(increasing.step(expiredAt(7, 2 * TTL), new Acquire("job", "b", TTL)).outcome()).isEqualTo(new Granted(8, 3 * TTL));
    }

    @Test
    void consecutiveAcceptsExactlyTheNextToken() {
        assertThat(consecutive.acquire(expiredAt(3, 2 * TTL), new Acquire("job", "b", TTL), 4).verdict()).isEqualTo(new Fits());
        assertThat(consecutive.acquire(expiredAt(3, 2 * TTL), new Acquire("job", "b", TTL), 7).sequenceBroken()).isTrue();
        assertThat(consecutive.acquire(expiredAt(3, 2 * TTL), new Acquire("job", "b", TTL), 3).sequenceBroken()).isTrue();
        assertThat(consecutive.acquire(ProtocolState.at(0), new Acquire("job", "b", TTL), 1).verdict()).isEqualTo(new Fits());
    }

    @Test
    void aFittingObservedTokenGivesExactlyWhatStepGives() {
        ProtocolState state = expiredAt(3, 2 * TTL);
        Acquire a = new Acquire("job", "b", TTL);

        assertThat(consecutive.acquire(state, a, 4).transition()).isEqualTo(consecutive.step(state, a));
    }

    @Test
    void aRegrantMustAnswerTheLeasesOwnToken() {
        ProtocolState held = ProtocolState.at(S).with("job", KeyState.EMPTY.withLease(new Lease("a", TTL, 5)));

        ObservedGrant same = increasing.acquire(held, new Acquire("job", "a", TTL), 5);
        ObservedGrant other = increasing.acquire(held, new Acquire("job", "a", TTL), 6);

        assertThat(same.verdict()).isEqualTo(new Fits());
        assertThat(same.transition()).isEqualTo(new Transition(held, new Granted(5, TTL)));
        assertThat(other.verdict()).isInstanceOfSatisfying(BreaksSequence.class,
                b -> assertThat(b.explanation()).contains("re-grant").contains("token 5"));
        assertThat(other.transition()).isEqualTo(same.transition());
    }

    @Test
    void whereTheModelGrantsNothingTheTokenIsNotJudged() {
        ProtocolState held = ProtocolState.at(S).with("job", KeyState.EMPTY.withLease(new Lease("a", TTL, 5)));

        ObservedGrant g = increasing.acquire(held, new Acquire("job", "b", TTL), 9);

        assertThat(g.verdict()).isEqualTo(new NoGrant());
        assertThat(g.transition()).isEqualTo(new Transition(held, new Busy()));
        assertThat(Outcomes.agree(INCREASING, g.transition().outcome(), new Granted(9, S + TTL))).isFalse();
    }

    @Test
    void judgingATokenNeverModifiesTheStateItIsGiven() {
        ProtocolState state = expiredAt(3, 2 * TTL);
        ProtocolState copy = new ProtocolState(state.now(), new TreeMap<>(state.keys()));

        increasing.acquire(state, new Acquire("job", "b", TTL), 7);
        increasing.acquire(state, new Acquire("job", "b", TTL), 2);

        assertThat(state).isEqualTo(copy);
    }

    @Test
    void aTokenFromAGapBelowTheLatestGrantIsJudgedByTheFenceAsAnyLowerToken() {
        ProtocolState state = increasing.acquire(ProtocolState.at(0), new Acquire("job", "a", TTL), 4).transition().next();
        state = increasing.acquire(state.withNow(TTL + 1), new Acquire("job", "b", TTL), 9).transition().next();

        assertThat(increasing.step(state, Scenario.fencedWrite("job", 6, "r", "p")).outcome()).isEqualTo(new Stale());
        assertThat(increasing.step(state, Scenario.fencedWrite("job", 10, "r", "p")).outcome()).isEqualTo(new Outcome.Forged());
    }
}
