package fencecheck.model;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.ClockAt;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.ReleaseEncoding;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Judgement.Level;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the judge admits after a release that leaves the lease row valid for an instant ({@code until = now} under the
 * inclusive boundary) or keeps it marked released: the two answers the model explorer found the judge admitting though
 * the invariants refuse them, each on its shortest path.
 */
class AdmissibleAfterReleaseTest {

    private static final Acquire W1_ACQUIRES = new Acquire("k1", "w1", 4);

    private final Admissible atNow = new Admissible(new LeaseModel(ModelConfig.reference().withRelease(ReleaseEncoding.EXPIRE_AT_NOW)));
    private final Admissible marked = new Admissible(new LeaseModel(
            ModelConfig.reference().withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED)));

    @Test
    void aReleasedLeaseValidForItsInstantIsGivenBackAsTheReleaseLeftItNotWithALaterEnd() {
        ProtocolState released = replay(atNow, W1_ACQUIRES, new Granted(1, 3), new Release("k1", "w1", 1), new Released());
        assertThat(released.key("k1").lease()).as("valid at 0, its release's instant").isEqualTo(new Lease("w1", 0, 1));
        assertThat(released.releasedByHolder("k1")).isTrue();

        // the explorer's 3-step path: the same token with a later end is a new lease under a used token (invariant 3)
        Judgement later = atNow.judge(released, W1_ACQUIRES, new Granted(1, 4));
        assertThat(later.level()).isEqualTo(Level.UNSAFE);
        assertThat(later.difference()).isEqualTo("token 1 re-granted to w1 after it released it, with a later end: lease"
                + " end 0.000004s (longer than the reference's 0.000000s), a token reused after its release");
        assertThat(atNow.judge(released, W1_ACQUIRES, new Granted(1, 0)).level()).isEqualTo(Level.REFERENCE);
        Judgement next = atNow.judge(released, W1_ACQUIRES, new Granted(2, 4));
        assertThat(next.level()).as("a new lease under the next token").isEqualTo(Level.ADMISSIBLE);
        assertThat(next.transition().next().releasedByHolder("k1")).isFalse();
    }

    @Test
    void aLeaseAtItsLastInstantOrRevivedByARenewMayBeGivenBackWithALaterEnd() {
        // a lease at its last instant, whose holder's re-lock moves the end as a renew would
        ProtocolState atItsEnd = replay(atNow, W1_ACQUIRES, new Granted(1, 4), new AdvanceClock(4), new ClockAt(4));
        assertThat(atNow.judge(atItsEnd, W1_ACQUIRES, new Granted(1, 8)).level()).isEqualTo(Level.ADMISSIBLE);

        // the reference's own renew in the release's instant revives the lease: the release is forgotten
        ProtocolState revived = replay(atNow, W1_ACQUIRES, new Granted(1, 4), new Release("k1", "w1", 1), new Released(),
                new Renew("k1", "w1", 1, 4), new Renewed(4));
        assertThat(revived.releasedByHolder("k1")).isFalse();
        assertThat(atNow.judge(revived, W1_ACQUIRES, new Granted(1, 4)).level()).isEqualTo(Level.REFERENCE);
    }

    @Test
    void aRenewAdmittedAfterAReleaseKeptAsAMarkRevivesTheLeaseSoAnotherWorkerIsRefused() {
        // the explorer's 4-step path: the model went on from the marked row and granted w2 the key w1 was told it holds
        ProtocolState renewed = replay(marked, W1_ACQUIRES, new Granted(1, 4), new Release("k1", "w1", 1), new Released());
        Judgement revival = marked.judge(renewed, new Renew("k1", "w1", 1, 4), new Renewed(4));
        assertThat(revival.level()).isEqualTo(Level.ADMISSIBLE);
        assertThat(revival.reference()).isEqualTo(new Outcome.RenewRejected());
        assertThat(revival.difference()).isEqualTo("a renew after the lease was released revives it (nobody was granted"
                + " the key meanwhile)");
        ProtocolState held = revival.transition().next();
        assertThat(held.key("k1").lease()).as("held again, no longer marked").isEqualTo(new Lease("w1", 4, 1));

        Acquire w2 = new Acquire("k1", "w2", 4);
        assertThat(marked.judge(held, w2, new Busy()).level()).isEqualTo(Level.REFERENCE);
        Judgement takeover = marked.judge(held, w2, new Granted(2, 4));
        assertThat(takeover.level()).isEqualTo(Level.UNSAFE);
        assertThat(takeover.difference()).isEqualTo("granted to w2 while w1 holds token 1 until 0.000004s");
    }

    /** The state {@code judge} leaves after each command and its answer, none of them unsafe. */
    private static ProtocolState replay(Admissible judge, Object... commandsAndAnswers) {
        ProtocolState state = ProtocolState.at(0);
        for (int i = 0; i < commandsAndAnswers.length; i += 2) {
            Judgement j = judge.judge(state, (Command) commandsAndAnswers[i], (Outcome) commandsAndAnswers[i + 1]);
            assertThat(j.level()).as("%s -> %s", commandsAndAnswers[i], commandsAndAnswers[i + 1]).isNotEqualTo(Level.UNSAFE);
            state = j.transition().next();
        }
        return state;
    }
}
