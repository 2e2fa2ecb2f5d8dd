package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class LinearizabilityTest {

    private static final ModelConfig REFERENCE = ModelConfig.reference();
    private static final long TTL = 100_000;

    private final List<TimedOperation> ops = new ArrayList<>();

    private void op(String process, Command c, long invoke, long complete, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, invoke, complete, outcome, ""));
    }

    private RealTimeHistory history() {
        return new RealTimeHistory(ops, Map.of(), List.of(), 0, 0);
    }

    /** The operations so far, with {@code end} as the rows of K1 read at the end. */
    private RealTimeHistory endingWith(KeyState end) {
        return new RealTimeHistory(ops, Map.of("K1", end), List.of(), 0, 0);
    }

    /** The verdict on the history ending with the rows {@code end}, searched within {@code budget} states, is {@code expected}. */
    private void assertVerdict(KeyState end, int budget, Class<? extends Linearizability.Verdict> expected) {
        Linearizability.Verdict v = Linearizability.check(endingWith(end), REFERENCE, budget);
        assertThat(v).as(Linearizability.describe(v)).isInstanceOf(expected);
    }

    /** Rows read at the end: {@code lease}, no latest-token result, and fenced result "a" written with token 1. */
    private static KeyState leaseAndResultA(Lease lease) {
        return new KeyState(lease, null, new TreeMap<>(Map.of("a", new StoredResult(1, "pa"))));
    }

    /**
     * w2 takes K1 over at 150 ms, a dozen renewals by {@code renewer} lose their answers from {@code renewalsFrom}
     * on, and w3 is told Busy at 200 ms: rows read at the end of w2's lease and result "a".
     */
    private KeyState takeoverThenLostRenewals(String renewer, long token, long renewalsFrom) {
        op("w2", acquire("w2"), 150_000, 151_000, new Granted(2, 150_500 + TTL));
        for (int i = 0; i < 12; i++) {
            op(renewer, new Command.Renew("K1", renewer, token, TTL), renewalsFrom, 300_000, null);
        }
        op("w3", acquire("w3"), 200_000, 201_000, new Busy());
        return leaseAndResultA(new Lease("w2", 150_500 + TTL, 2));
    }

    private static Acquire acquire(String owner) {
        return new Acquire("K1", owner, TTL);
    }

    private static Write fenced(long token, String id) {
        return new Write(SinkKind.CURRENT_FENCE, "K1", token, id, "p" + id);
    }

    @Test
    void aTakeoverAfterExpiryAndAStaleWriteRefusedAreLinearizable() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", fenced(1, "a"), 2_000, 3_000, new Applied());
        op("w2", acquire("w2"), 150_000, 151_000, new Granted(2, 150_400 + TTL));
        op("w1", fenced(1, "b"), 200_000, 201_000, new Stale());
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
        assertThat(RealTimeVerdict.of(history(), REFERENCE, 1000).passed()).isTrue();
    }

    @Test
    void aStaleWriteAcceptedAfterTheTakeoverIsNot() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 150_000, 151_000, new Granted(2, 150_400 + TTL));
        op("w1", fenced(1, "b"), 200_000, 201_000, new Applied());
        Linearizability.Verdict v = Linearizability.check(history(), REFERENCE);
        assertThat(v).isInstanceOf(Linearizability.NotLinearizable.class);
        assertThat(((Linearizability.NotLinearizable) v).culprit()).isEqualTo(3);
        RealTimeVerdict both = RealTimeVerdict.of(history(), REFERENCE, 1000);
        assertThat(both.violations()).isNotEmpty();
    }

    @Test
    void twoGrantsWhileTheFirstIsValidAreNot() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 50_000, 51_000, new Granted(2, 50_500 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void aTakeoverWhoseIntervalSpansTheExpiryIsJudgedInsideTheInterval() {
        // the first lease ends at 100 500; the takeover's interval [100 000, 101 000] holds instants on both sides
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 100_000, 101_000, new Granted(2, 100_900 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
    }

    @Test
    void theClockUncertaintyWidensEveryInterval() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 99_000, 100_000, new Granted(2, 99_500 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.NotLinearizable.class);
        RealTimeHistory widened = new RealTimeHistory(ops, Map.of(), List.of(), 0, 1_000);
        assertThat(Linearizability.check(widened, REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
    }

    @Test
    void anOperationWhoseAnswerWasLostMayHaveHappened() {
        op("w1", acquire("w1"), 0, 5_000, null);
        op("w2", acquire("w2"), 10_000, 11_000, new Busy());
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
    }

    @Test
    void orNot() {
        op("w1", acquire("w1"), 0, 5_000, null);
        op("w2", acquire("w2"), 10_000, 11_000, new Granted(1, 10_500 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
    }

    @Test
    void aLostRenewalEndsTheLeaseAnywhereItsIntervalAllowsAndARegrantRevealsWhere() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", new Renew("K1", "w1", 1, TTL), 50_000, 150_000, null);
        op("w2", acquire("w2"), 155_000, 156_000, new Busy());
        op("w1", acquire("w1"), 160_000, 161_000, new Granted(1, 103_456 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.Linearizable.class);
        ops.add(new TimedOperation(5, "w2", acquire("w2"), 190_000, 191_000, new Granted(2, 190_500 + TTL), ""));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void aRenewalComputedFromBeforeItWasSentIsNot() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", new Renew("K1", "w1", 1, TTL), 60_000, 61_000, new Renewed(2_000 + TTL));
        assertThat(Linearizability.check(history(), REFERENCE)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void theRowsReadAtTheEndMustBeExplainedToo() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", fenced(1, "a"), 2_000, 3_000, null);
        KeyState applied = leaseAndResultA(new Lease("w1", 500 + TTL, 1));
        KeyState lost = new KeyState(new Lease("w1", 500 + TTL, 1), null, new TreeMap<>());
        KeyState other = new KeyState(new Lease("w1", 500 + TTL, 1), null, new TreeMap<>(Map.of("b", new StoredResult(1, "pb"))));
        assertThat(Linearizability.check(endingWith(applied), REFERENCE))
                .isInstanceOf(Linearizability.Linearizable.class);
        assertThat(Linearizability.check(endingWith(lost), REFERENCE))
                .isInstanceOf(Linearizability.Linearizable.class);
        Linearizability.Verdict v = Linearizability.check(endingWith(other), REFERENCE);
        assertThat(v).isInstanceOf(Linearizability.NotLinearizable.class);
        assertThat(((Linearizability.NotLinearizable) v).culprit()).isZero();
    }

    /**
     * Every answer explained, only the rows read at the end left: lost renewals and lost writes whose results the
     * rows do not hold cannot bring the model's rows to them, so they are not tried, and a small budget decides.
     */
    @Test
    void onceEveryAnswerIsExplainedOnlyLostOperationsTowardTheFinalRowsArePlaced() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        for (int i = 0; i < 30; i++) {
            op("w" + (i % 3 + 1), new Command.Renew("K1", "w1", 1, TTL), 2_000, 40_000, null);
        }
        for (int i = 0; i < 6; i++) {
            op("w1", new Write(SinkKind.LATEST_TOKEN_WINS, "K1", 1, null, "lost" + i), 2_000, 40_000, null);
        }
        op("w1", fenced(1, "a"), 30_000, 31_000, null);
        KeyState end = new KeyState(new Lease("w1", 500 + TTL, 1), new StoredResult(1, "lost5"),
                new TreeMap<>(Map.of("a", new StoredResult(1, "pa"))));
        assertVerdict(end, 500, Linearizability.Linearizable.class);
    }

    /**
     * A lost fenced write whose result the rows read at the end hold must have run before the takeover that made
     * its token stale: the search turns back as soon as the takeover closes its interval, instead of after trying
     * every placement of the lost renewals that follow.
     */
    @Test
    void aLostWriteTheFinalRowsNeedIsPlacedBeforeItsIntervalCloses() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", fenced(1, "a"), 2_000, 3_000, null);
        KeyState end = takeoverThenLostRenewals("w1", 1, 152_000);
        assertVerdict(end, 1_000, Linearizability.Linearizable.class);
    }

    /**
     * The rows read at the end hold a result that two lost writes (a write and its retry) could have stored, and
     * both intervals reach past the takeover that makes their token stale. Placed after it, a write changes
     * nothing and is not tried; once both intervals close without the result stored, the search turns back at
     * once instead of after every placement of the lost renewals that follow.
     */
    @Test
    void aResultTheFinalRowsNeedIsStoredByOneOfTheLostWritesThatCouldStoreIt() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", fenced(1, "a"), 2_000, 160_000, null);
        op("w1", fenced(1, "a"), 3_000, 170_000, null);
        KeyState end = takeoverThenLostRenewals("w2", 2, 172_000);
        assertVerdict(end, 1_000, Linearizability.Linearizable.class);
    }

    /** Neither write can have stored the result before the takeover that the rows read at the end need: refused. */
    @Test
    void aResultNoLostWriteCouldStoreIsRefused() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 150_000, 151_000, new Granted(2, 150_500 + TTL));
        op("w1", fenced(1, "a"), 152_000, 160_000, null);
        op("w1", fenced(1, "a"), 161_000, 170_000, null);
        KeyState end = leaseAndResultA(new Lease("w2", 150_500 + TTL, 2));
        assertVerdict(end, 1_000, Linearizability.NotLinearizable.class);
    }

    /** The rows read at the end show a grant whose answer was lost: the search keeps it placeable until its interval ends. */
    @Test
    void aLostGrantTheFinalRowsShowIsPlaced() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w1", fenced(1, "a"), 2_000, 3_000, new Applied());
        op("w2", acquire("w2"), 200_000, 201_000, null);
        op("w3", acquire("w3"), 210_000, 211_000, new Busy());
        KeyState end = leaseAndResultA(new Lease("w2", 200_500 + TTL, 2));
        assertThat(Linearizability.check(endingWith(end), REFERENCE, 1_000))
                .isInstanceOf(Linearizability.Linearizable.class);
        KeyState noSecondGrant = leaseAndResultA(new Lease("w1", 500 + TTL, 1));
        assertThat(Linearizability.check(endingWith(noSecondGrant), REFERENCE, 1_000))
                .as("w3's Busy needs w2's grant").isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void theSearchSaysSoWhenItGivesUp() {
        for (int i = 0; i < 12; i++) {
            op("w" + i, fenced(1, "x" + i), 0, 1_000_000, null);
        }
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 2_000, 3_000, new Granted(2, 2_500 + TTL));
        Linearizability.Verdict v = Linearizability.check(history(), REFERENCE, 50);
        assertThat(v).isInstanceOf(Linearizability.GaveUp.class);
        assertThat(Linearizability.describe(v)).startsWith("undecided");
        assertThat(RealTimeVerdict.of(history(), REFERENCE, 50).passed()).isFalse();
    }

    @Test
    void aFailingHistoryShrinksToTheOperationsThatShowIt() {
        op("w1", acquire("w1"), 0, 1_000, new Granted(1, 500 + TTL));
        for (int i = 0; i < 20; i++) {
            op("w1", fenced(1, "a" + i), 2_000 + i * 1_000, 2_500 + i * 1_000, new Applied());
        }
        op("w3", acquire("w3"), 30_000, 31_000, new Busy());
        op("w2", acquire("w2"), 150_000, 151_000, new Granted(2, 150_400 + TTL));
        op("w2", fenced(2, "b"), 152_000, 153_000, new Applied());
        op("w1", fenced(1, "z"), 200_000, 201_000, new Applied());
        op("w2", fenced(2, "c"), 202_000, 203_000, new Applied());
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(), h -> RealTimeVerdict.of(h, REFERENCE, 10_000), 10_000);
        assertThat(shrunk.verdict().passed()).isFalse();
        // w2's grant and w1's stale write; w1's token 1 comes from before, as the start rows say
        assertThat(shrunk.history().operations()).extracting(TimedOperation::id).containsExactly(23, 25);
        assertThat(shrunk.history().startRowsOf("K1").lease().token()).isEqualTo(1);
    }

    /**
     * w3 is granted token 4 while w2's token 3 still holds. w2's later grant takes a new token: it does not use w2's
     * earlier grants, and the chain before it can go: the shrunk history starts from the token it had reached.
     */
    @Test
    void theChainOfEarlierGrantsGoesAndTheShrunkHistoryStartsFromTheTokenItReached() {
        op("w2", acquire("w2"), 0, 1_000, new Granted(1, 500 + TTL));
        op("w2", acquire("w2"), 2_000, 3_000, new Granted(1, 500 + TTL));
        op("w1", acquire("w1"), 150_000, 151_000, new Granted(2, 150_500 + TTL));
        op("w2", acquire("w2"), 260_000, 261_000, new Granted(3, 260_500 + TTL));
        op("w3", acquire("w3"), 270_000, 271_000, new Granted(4, 270_500 + TTL));
        RealTimeVerdict full = RealTimeVerdict.of(history(), REFERENCE, 10_000);
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(), h -> RealTimeVerdict.of(h, REFERENCE, 10_000), 10_000);
        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        assertThat(shrunk.history().operations()).extracting(TimedOperation::id).containsExactly(4, 5);
        assertThat(shrunk.history().startRowsOf("K1").lease().token()).isEqualTo(2);
        assertThat(shrunk.verdict().cause()).containsExactly(5, 4);
    }

    /** A chain of fifteen grants, and the bug at the last: the shrunk history is as small as at token 2. */
    @Test
    void aBugAtALateTokenShrinksAsFarAsAtAnEarlyOne() {
        long t = 0;
        for (int token = 1; token <= 15; token++) {
            String owner = "w" + (token % 3 + 1);
            op(owner, acquire(owner), t, t + 1_000, new Granted(token, t + 500 + TTL));
            op(owner, fenced(token, "r" + token), t + 2_000, t + 3_000, new Applied());
            t += TTL + 10_000;
        }
        // w2, the holder of token 13, renews it while w1 holds token 15, and is told Renewed
        op("w2", new Command.Renew("K1", "w2", 13, TTL), t - 5_000, t - 4_000, new Renewed(t - 4_500 + TTL));
        RealTimeVerdict full = RealTimeVerdict.of(history(), REFERENCE, 10_000);
        HistoryShrinker.Shrunk shrunk = HistoryShrinker.shrink(history(), h -> RealTimeVerdict.of(h, REFERENCE, 10_000), 10_000);
        assertThat(shrunk.verdict().signature()).isEqualTo(full.signature());
        // the renewal and w1's grant of token 15 whose lease it met; token 13 comes from before, as the start rows say
        assertThat(shrunk.history().operations()).as(shrunk.verdict().sentence()).extracting(TimedOperation::id)
                .containsExactly(29, 31);
        assertThat(shrunk.history().startRowsOf("K1").lease().token()).isEqualTo(14);
        assertThat(shrunk.verdict().cause()).containsExactly(31, 29);
    }
}
