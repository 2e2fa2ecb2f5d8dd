package fencecheck.model;

import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.RowComparison;
import fencecheck.api.StoredResult;
import org.junit.jupiter.api.Test;

class AgreementTest {

    private static final ModelConfig EXACT = ModelConfig.reference();
    private static final ModelConfig RELAXED = ModelConfig.reference().withRowComparison(RowComparison.VALIDITY_AND_ANSWERS);

    private static KeyState rows(Lease lease) {
        return KeyState.EMPTY.withLease(lease).withLatest(new StoredResult(1, "p")).withFenced("r", new StoredResult(1, "q"));
    }

    @Test
    void rowsWithAnotherEndButTheSameValidityAgreeOnlyWhenRelaxed() {
        KeyState model = rows(new Lease("a", TTL, 1));
        KeyState database = rows(new Lease("a", TTL + 500, 1));

        assertThat(RowAgreement.agree(RELAXED, model, database, 5)).isTrue();
        assertThat(RowAgreement.agree(EXACT, model, database, 5)).isFalse();
    }

    @Test
    void rowsDisagreeWhenOneIsStillValidAndTheOtherNot() {
        KeyState model = rows(new Lease("a", TTL, 1));
        KeyState database = rows(new Lease("a", TTL - 1, 1));

        assertThat(RowAgreement.agree(RELAXED, model, database, TTL - 1)).isTrue();
        assertThat(RowAgreement.agree(RELAXED, model, database, TTL)).isFalse();
        assertThat(RowAgreement.agree(RELAXED.withBoundary(Boundary.EXCLUSIVE), model, database, TTL - 1)).isFalse();
    }

    @Test
    void expiredRowsAgreeWhateverTheirEndOrTheirReleaseMarkWhenRelaxed() {
        KeyState expiredBeforeNow = rows(new Lease("a", 99, 1));
        KeyState markedReleased = rows(new Lease("a", TTL, 1, true));

        assertThat(RowAgreement.agree(RELAXED, expiredBeforeNow, markedReleased, 100)).isTrue();
        assertThat(RowAgreement.agree(EXACT, expiredBeforeNow, markedReleased, 100)).isFalse();
    }

    @Test
    void theTokenMustAgreeHeldOrNot() {
        assertThat(RowAgreement.agree(RELAXED, rows(new Lease("a", TTL, 1)), rows(new Lease("a", TTL, 2)), 5)).isFalse();
        assertThat(RowAgreement.agree(RELAXED, rows(new Lease("a", 1, 1)), rows(new Lease("a", 1, 2)), 5)).isFalse();
    }

    @Test
    void theOwnerMustAgreeWhileTheLeaseIsHeldOnly() {
        assertThat(RowAgreement.agree(RELAXED, rows(new Lease("a", TTL, 1)), rows(new Lease("b", TTL, 1)), 5)).isFalse();
        assertThat(RowAgreement.agree(RELAXED, rows(new Lease("a", 1, 1)), rows(new Lease("b", 1, 1)), 5)).isTrue();
    }

    @Test
    void anAbsentLeaseAgreesOnlyWithAnAbsentOne() {
        KeyState none = KeyState.EMPTY;

        assertThat(RowAgreement.agree(RELAXED, none, KeyState.EMPTY, 5)).isTrue();
        assertThat(RowAgreement.agree(RELAXED, none, KeyState.EMPTY.withLease(new Lease("a", 1, 1)), 5)).isFalse();
        assertThat(RowAgreement.agree(RELAXED, null, null, 5)).isTrue();
        assertThat(RowAgreement.agree(RELAXED, none, null, 5)).isFalse();
    }

    @Test
    void sinksMustAgreeExactlyUnderEverySetting() {
        KeyState model = rows(new Lease("a", TTL, 1));

        assertThat(RowAgreement.agree(RELAXED, model, model.withLatest(new StoredResult(1, "other")), 5)).isFalse();
        assertThat(RowAgreement.agree(RELAXED, model, model.withFenced("r2", new StoredResult(1, "q")), 5)).isFalse();
        assertThat(RowAgreement.agree(RELAXED, model, model, 5)).isTrue();
        assertThat(RowAgreement.agree(EXACT, model, model, 5)).isTrue();
    }

    @Test
    void answersAreComparedExactlyUnderEverySetting() {
        for (ModelConfig config : new ModelConfig[] {EXACT, RELAXED}) {
            assertThat(Outcomes.agree(config, new Granted(1, TTL), new Granted(1, TTL))).isTrue();
            assertThat(Outcomes.agree(config, new Granted(1, TTL), new Granted(1, TTL + 1))).isFalse();
            assertThat(Outcomes.agree(config, new Outcome.Busy(), new Outcome.Busy())).isTrue();
            assertThat(Outcomes.agree(config, null, null)).isTrue();
            assertThat(Outcomes.agree(config, new Outcome.Busy(), null)).isFalse();
            assertThat(Outcomes.agree(config, null, new Outcome.Busy())).isFalse();
        }
    }
}
