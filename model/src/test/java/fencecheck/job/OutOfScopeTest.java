package fencecheck.job;

import fencecheck.api.Outcome;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the model refuses instead of guessing PostgreSQL's answer: none of it
 * can come from a trace, because a session writes and claims only with the
 * token granted to it, for the key of that grant.
 */
class OutOfScopeTest {

    @Test
    void twoOpenTransactionsInsertingTheSameFencedRowAreRefused() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.fencedWrite("w1", "K1", 1, "r1", "p1");
        s.begin("w2");

        assertThatThrownBy(() -> s.fencedWrite("w2", "K1", 1, "r1", "p2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two sessions never hold the same token");
    }

    @Test
    void anAutocommitWriteOfARowAnOpenTransactionInsertedIsRefused() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.fencedWrite("w1", "K1", 1, "r1", "p1");

        assertThatThrownBy(() -> s.fencedWrite("w2", "K1", 1, "r1", "p2")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSecondClaimOnAnotherKeyIsRefused() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.acquire("w1", "K2");
        s.begin("w1");
        s.claim("w1", "K1", 1);

        assertThatThrownBy(() -> s.claim("w1", "K2", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a transaction touches one job key");
        assertThat(s.state().transaction("w1").claimedKey()).isEqualTo("K1");
    }

    @Test
    void aWaitThatClosesACycleIsRefused() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.begin("w1");
        s.fencedWrite("w1", "K1", 1, "r1", "p");
        s.begin("w2");
        s.fencedWrite("w2", "K1", 1, "r2", "p");
        assertThat(s.claim("w1", "K1", 1)).isEqualTo(new JobOutcome.Waiting());

        assertThatThrownBy(() -> s.claim("w2", "K1", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("deadlock");
    }

    @Test
    void aStaleWriteOfARowAnOpenTransactionInsertedIsInScope() {
        JobScenario s = JobScenario.reference();
        s.acquire("w1", "K1");
        s.at(JobScenario.TTL + 1);
        s.acquire("w2", "K1");
        s.begin("w2");
        s.fencedWrite("w2", "K1", 2, "r1", "p2");

        assertThat(s.fencedWrite("w1", "K1", 1, "r1", "p1"))
                .isEqualTo(JobScenario.answered(new Outcome.Stale()));
    }
}
