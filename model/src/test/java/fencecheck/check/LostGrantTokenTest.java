package fencecheck.check;

import fencecheck.api.Conformance;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.SinkKind;
import fencecheck.api.TokenSequence;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.NotLinearizable;
import fencecheck.check.Linearizability.Verdict;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under a token sequence the model cannot predict ({@code tokens=increasing}), the token of a grant whose answer was
 * lost is any above the key's highest until an answer or the rows settle it; what settles it still binds it.
 *
 * <p>Every history here starts the same: w1 is granted token 5, its lease ends at 100.5 ms, w2's acquire at 150-160 ms
 * loses its answer and w3 is told Busy at 170 ms, so w2's grant took effect, with a token above 5.
 */
class LostGrantTokenTest {

    private static final ModelConfig INCREASING = ModelConfig.reference().withTokens(TokenSequence.INCREASING);
    private static final ModelConfig SAFETY = INCREASING.withConformance(Conformance.SAFETY);
    private static final long TTL = 100_000;
    /** The end of w2's lease when its lost grant ran at 155 ms. */
    private static final long LOST_GRANT_END = 155_000 + TTL;
    private static final int LOST_GRANT = 2;

    private final List<TimedOperation> ops = new ArrayList<>();

    LostGrantTokenTest() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(5, 500 + TTL));
        op("w2", acquire("w2"), 150_000, 160_000, null);
        op("w3", acquire("w3"), 170_000, 171_000, new Busy());
    }

    private void op(String process, Command c, long invoke, long complete, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, invoke, complete, outcome, ""));
    }

    private static Acquire acquire(String owner) {
        return new Acquire("K1", owner, TTL);
    }

    private Verdict check() {
        return check(Map.of());
    }

    private Verdict check(Map<String, KeyState> finalRows) {
        return Linearizability.check(new RealTimeHistory(ops, finalRows, List.of(), 0, 0), INCREASING, 10_000);
    }

    /** The token the witness gives w2's lost grant. */
    private static long lostGrantToken(Verdict v) {
        assertThat(v).as(Linearizability.describe(v)).isInstanceOf(Linearizable.class);
        Linearizability.Point grant = ((Linearizable) v).witness().stream().filter(p -> p.operation() == LOST_GRANT).findFirst()
                .orElseThrow();
        return ((Granted) grant.effect()).token();
    }

    @Test
    void theHoldersNextAcquireRevealsATokenThatSkipped() {
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(9, LOST_GRANT_END));
        assertThat(lostGrantToken(check())).isEqualTo(9);
    }

    /**
     * w2's retry loses its answer too, and hands the same lease back; its next acquire says which token: the invariants,
     * which read the witness, see one grant of token 9 handed back, not 6 then 9.
     */
    @Test
    void aLostRetryHandsBackTheSameOpenToken() {
        op("w2", acquire("w2"), 172_000, 175_000, null);
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(9, LOST_GRANT_END));
        RealTimeVerdict verdict = RealTimeVerdict.of(new RealTimeHistory(ops, Map.of(), List.of(), 0, 0), INCREASING, 10_000);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
        assertThat(((Linearizable) verdict.linearizability()).witness()).filteredOn(p -> p.effect() instanceof Granted)
                .extracting(p -> ((Granted) p.effect()).token()).containsOnly(5L, 9L);
    }

    @Test
    void aTokenNotAboveTheKeysHighestIsStillRefused() {
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(5, LOST_GRANT_END));
        assertThat(check()).isInstanceOf(NotLinearizable.class);
        assertThat(Linearizability.check(new RealTimeHistory(ops, Map.of(), List.of(), 0, 0), SAFETY, 10_000))
                .as("held to safety alone").isInstanceOf(NotLinearizable.class);
    }

    /** Held to safety alone, the revealed token is the reference's answer there, not a conformance difference. */
    @Test
    void heldToSafetyAloneTheRevealedTokenIsNoConformanceNote() {
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(9, LOST_GRANT_END));
        Verdict v = Linearizability.check(new RealTimeHistory(ops, Map.of(), List.of(), 0, 0), SAFETY, 10_000);
        assertThat(lostGrantToken(v)).isEqualTo(9);
        assertThat(((Linearizable) v).admitted()).isEmpty();
    }

    @Test
    void onceRevealedTheTokenIsNotGrantedAgain() {
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(9, LOST_GRANT_END));
        op("w3", acquire("w3"), 300_000, 301_000, new Granted(9, 300_500 + TTL));
        assertThat(check()).as("token 9 reused").isInstanceOf(NotLinearizable.class);
        ops.removeLast();
        op("w3", acquire("w3"), 300_000, 301_000, new Granted(10, 300_500 + TTL));
        assertThat(check()).isInstanceOf(Linearizable.class);
    }

    /** A later grant bounds a lost grant's token that nothing revealed: it must be below the later one. */
    @Test
    void aLaterGrantIsAboveTheLostGrantsTokenWhateverItWas() {
        op("w3", acquire("w3"), 300_000, 301_000, new Granted(7, 300_500 + TTL));
        assertThat(lostGrantToken(check())).as("the only token between 5 and 7").isEqualTo(6);
        ops.removeLast();
        op("w3", acquire("w3"), 300_000, 301_000, new Granted(6, 300_500 + TTL));
        assertThat(check()).as("no token lies between 5 and 6 for w2's grant").isInstanceOf(NotLinearizable.class);
    }

    /** w1 writes with token 7 and is told the token was never granted: w2's is below 7, so 9 cannot be it. */
    @Test
    void anAnswerThatComparesATokenWithItNarrowsIt() {
        op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 7, "a", "made up"), 172_000, 173_000, new Forged());
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(9, LOST_GRANT_END));
        assertThat(check()).isInstanceOf(NotLinearizable.class);
        ops.removeLast();
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(6, LOST_GRANT_END));
        assertThat(lostGrantToken(check())).isEqualTo(6);
    }

    @Test
    void theRowsReadAtTheEndSettleAnOpenToken() {
        KeyState held = new KeyState(new Lease("w2", LOST_GRANT_END, 9), null, new TreeMap<>());
        assertThat(lostGrantToken(check(Map.of("K1", held)))).isEqualTo(9);
        KeyState reused = new KeyState(new Lease("w2", LOST_GRANT_END, 5), null, new TreeMap<>());
        assertThat(check(Map.of("K1", reused))).isInstanceOf(NotLinearizable.class);
    }

    /** Predicted tokens stay predicted: under the reference's sequence only 2 follows 1. */
    @Test
    void consecutiveTokensAreNotOpened() {
        ops.clear();
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 150_000, 160_000, null);
        op("w3", acquire("w3"), 170_000, 171_000, new Busy());
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(3, LOST_GRANT_END));
        RealTimeHistory skipped = new RealTimeHistory(ops, Map.of(), List.of(), 0, 0);
        assertThat(Linearizability.check(skipped, ModelConfig.reference(), 10_000)).isInstanceOf(NotLinearizable.class);
        ops.removeLast();
        op("w2", acquire("w2"), 180_000, 181_000, new Granted(2, LOST_GRANT_END));
        RealTimeHistory next = new RealTimeHistory(ops, Map.of(), List.of(), 0, 0);
        assertThat(Linearizability.check(next, ModelConfig.reference(), 10_000)).isInstanceOf(Linearizable.class);
    }
}
