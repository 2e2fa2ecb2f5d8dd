package fencecheck.scenarios;

import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.model.Micros;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import static fencecheck.api.SinkKind.CURRENT_FENCE;
import static fencecheck.api.SinkKind.LATEST_TOKEN_WINS;
import static org.assertj.core.api.Assertions.assertThat;

/** The cases the two source articles describe, each against the model and the embedded PostgreSQL. */
class ArticleScenariosTest {

    static final long TTL = Trace.DEFAULT_LEASE_TTL;

    static Step acquire(int worker, String key) {
        return Step.worker(worker, new Action.Acquire(key));
    }

    static Step write(int worker, SinkKind sink, String resultId, String payload) {
        return Step.worker(worker, new Action.Write(sink, TokenSource.HELD, resultId, payload));
    }

    static Step writeWith(int worker, SinkKind sink, TokenSource token) {
        return Step.worker(worker, new Action.Write(sink, token, "r1", "forged"));
    }

    static Step toExpiry(String key, long delta) {
        return Step.clock(new Action.AdvanceToExpiry(key, delta));
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void articleA_pausedHolderResumesAfterTakeover_itsWriteIsStale(SinkKind sink) {
        var run = ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(Step.nemesis(new Action.Pause("w1")))
                .step(toExpiry("K1", 1))
                .step(acquire(2, "K1"), new Granted(2, TTL + 1 + TTL))
                .step(write(2, sink, "r1", "B"), new Applied())
                .step(Step.nemesis(new Action.Resume("w1")))
                .step(write(1, sink, "r1", "A"), new Stale())
                .run();
        var rows = run.rowsAfter(7);
        if (sink == LATEST_TOKEN_WINS) {
            assertThat(rows.latest().payload()).isEqualTo("B");
            assertThat(rows.latest().token()).isEqualTo(2);
        } else {
            assertThat(rows.fenced()).containsOnlyKeys("r1");
            assertThat(rows.fenced().get("r1").payload()).isEqualTo("B");
        }
    }

    /** delta from the lease's expiry instant; what renew by the holder and acquire by another get there. */
    @ParameterizedTest(name = "{0} at until{1}us: renew {2}, acquire by another {3}")
    @CsvSource({
            "reference,           -1, renewed,  busy",
            "reference,            0, renewed,  busy",
            "reference,            1, rejected, granted",
            "reference-exclusive, -1, renewed,  busy",
            "reference-exclusive,  0, rejected, granted",
            "reference-exclusive,  1, rejected, granted",
    })
    void renewAndAcquireAtTheBoundary(String implementation, long delta, String renew, String acquire) {
        long at = TTL + delta;
        ScenarioRun.on(implementation)
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(toExpiry("K1", delta))
                .step(Step.worker(1, new Action.Renew()), renew.equals("renewed") ? new Renewed(at + TTL) : new RenewRejected())
                .run();
        ScenarioRun.on(implementation)
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(toExpiry("K1", delta))
                .step(acquire(2, "K1"), acquire.equals("granted") ? new Granted(2, at + TTL) : new Busy())
                .run();
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void expiredButNotTakenOver_theOldHoldersWriteIsStillAccepted(SinkKind sink) {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(toExpiry("K1", Micros.SECOND))
                .step(write(1, sink, "r1", "late"), new Applied())
                .run();
    }

    @Test
    void afterTakeover_fencedSinkRefusesTheOldHolderAtOnce() {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(toExpiry("K1", 1))
                .step(acquire(2, "K1"), new Granted(2, 2 * TTL + 1))
                .step(write(1, CURRENT_FENCE, "r1", "A"), new Stale())
                .run();
    }

    @Test
    void afterTakeover_latestTokenSinkAcceptsTheOldHolderUntilTheNewOneWrites_andNeverOverwritesIt() {
        var run = ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(toExpiry("K1", 1))
                .step(acquire(2, "K1"), new Granted(2, 2 * TTL + 1))
                .step(write(1, LATEST_TOKEN_WINS, "r1", "A"), new Applied())
                .step(write(2, LATEST_TOKEN_WINS, "r1", "B"), new Applied())
                .step(write(1, LATEST_TOKEN_WINS, "r1", "A again"), new Stale())
                .run();
        assertThat(run.rowsAfter(6).latest().payload()).isEqualTo("B");
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void replayOfTheSameWriteSucceedsUnchanged_anotherPayloadIsAConflict(SinkKind sink) {
        var run = ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(write(1, sink, "r1", "x"), new Applied())
                .step(Step.nemesis(new Action.Duplicate("w1")), new Replayed())
                .step(write(1, sink, "r1", "y"), new Conflict())
                .run();
        var rows = run.rowsAfter(4);
        String stored = sink == LATEST_TOKEN_WINS ? rows.latest().payload() : rows.fenced().get("r1").payload();
        assertThat(stored).isEqualTo("x");
    }

    @Test
    void applicationRestart_newOwnersAndConnections_tokensContinue() {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(acquire(2, "K2"), new Granted(1, TTL))
                .step(Step.nemesis(new Action.Restart("w1", false)))
                .step(Step.nemesis(new Action.Restart("w2", false)))
                .step(acquire(1, "K1"), new Busy())
                .step(toExpiry("K1", 1))
                .step(acquire(1, "K1"), new Granted(2, 2 * TTL + 1))
                .step(acquire(2, "K2"), new Granted(2, 2 * TTL + 1))
                .run();
    }

    @Test
    void twoJobKeys_aTakeoverOfOneNeverAffectsWritesToTheOther() {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(Step.clock(new Action.AdvanceBy(Micros.SECOND)))
                .step(acquire(2, "K2"), new Granted(1, TTL + Micros.SECOND))
                .step(toExpiry("K1", 1))
                .step(acquire(3, "K1"), new Granted(2, 2 * TTL + 1))
                .step(write(2, CURRENT_FENCE, "r1", "k2"), new Applied())
                .step(write(2, LATEST_TOKEN_WINS, "r1", "k2"), new Applied())
                .step(write(1, CURRENT_FENCE, "r1", "k1"), new Stale())
                .run();
    }

    @Test
    void lostGrantReceipt_theSameOwnerAcquiringAgainGetsTheSameToken() {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(Step.clock(new Action.AdvanceBy(Micros.SECOND)))
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(acquire(2, "K1"), new Busy())
                .run();
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void forgedTokens_aboveTheLatestGrantOrFromAnotherKey_areRefused(SinkKind sink) {
        ScenarioRun.onReference()
                .step(acquire(1, "K1"), new Granted(1, TTL))
                .step(writeWith(1, sink, TokenSource.ABOVE_FENCE), new Forged())
                .step(acquire(2, "K2"), new Granted(1, TTL))
                .step(toExpiry("K2", 1))
                .step(acquire(3, "K2"), new Granted(2, 2 * TTL + 1))
                .step(writeWith(1, sink, TokenSource.OTHER_KEY), new Forged())
                .run();
    }
}
