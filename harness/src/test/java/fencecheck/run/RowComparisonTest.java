package fencecheck.run;

import fencecheck.api.SinkKind;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation that claims {@code rows=validity-and-answers} is held to whether the lease is held, by whom,
 * under which token, and to the sinks, not to the exact {@code until} it stores: a release that ends the lease a day
 * back passes; the same SQL claiming exact rows diverges at the release; and a pack that claims the looser comparison
 * still diverges on a row that differs in what is compared.
 */
class RowComparisonTest {

    private static final List<Step> RELEASE_THEN_TAKEOVER = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "first")),
            Step.worker(1, new Action.Release()),
            Step.worker(1, new Action.Renew()),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, null, "second")));

    private static TryResult run(String implementation) {
        return FreshRunner.run(implementation, RELEASE_THEN_TAKEOVER);
    }

    @Test
    void aReleaseStoredFarBackPassesWhenRowsCompareByValidityAndAnswers() {
        TryResult r = run("sql:classpath:/packs/release-far-back");
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
    }

    @Test
    void theSameSqlClaimingExactRowsDivergesAtTheRelease() {
        assertRowsDivergeAtTheRelease(run("sql:classpath:/packs/release-far-back-claiming-exact-rows"), "the lease ends a day back");
    }

    @Test
    void aRowThatDiffersInWhatIsComparedStillDiverges() {
        assertRowsDivergeAtTheRelease(run("sql:classpath:/packs/release-changes-nothing"), "the lease is still held in the database");
    }

    private static void assertRowsDivergeAtTheRelease(TryResult r, String why) {
        assertThat(r.passed()).isFalse();
        assertThat(r.divergent()).isNotNull();
        assertThat(r.divergent().step()).isEqualTo(3);
        assertThat(r.divergent().rowsDiffer()).as(why).isTrue();
    }
}
