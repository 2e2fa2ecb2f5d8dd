package fencecheck.properties;

import fencecheck.explore.ExhaustiveScope;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The exhaustive property's settings: read, defaulted and refused in one line, before any database is reached. */
class ExhaustiveChecksTest {

    @AfterEach
    void clear() {
        System.clearProperty(ExhaustiveChecks.DEPTH);
        System.clearProperty(ExhaustiveChecks.SECONDS);
        System.clearProperty(ExhaustiveChecks.ACTIONS);
    }

    @Test
    void aSqlPackRunsTheDefaultDepthAndAJavaImplementationTheDeepestThatFitsTheBudget() {
        assertThat(ExhaustiveChecks.scope(Implementations.select("reference")).depth()).isEqualTo(ExhaustiveChecks.DEFAULT_DEPTH);
        // every trace of a Java implementation is expanded: the tries grow by the whole alphabet at each depth
        assertThat(ExhaustiveChecks.scope(Implementations.select(Variants.STABLE_OWNER)).depth()).isEqualTo(3);
        System.setProperty(ExhaustiveChecks.ACTIONS, "acquire,renew,release,clock-to-end");
        ExhaustiveScope narrowed = ExhaustiveChecks.scope(Implementations.select(Variants.STABLE_OWNER));
        assertThat(narrowed.actions()).containsExactly("acquire", "renew", "release", "clock-to-end");
        assertThat(narrowed.depth()).isEqualTo(4);
    }

    @Test
    void theOptionalActionsComeOnlyWhenNamedAndAreNotMergedEvenForASqlPack() {
        assertThat(ExhaustiveChecks.scope(Implementations.select("reference")).actions())
                .doesNotContain("lost-request", "lost-answer", "split", "job");
        System.setProperty(ExhaustiveChecks.ACTIONS, "acquire,renew,release,clock-to-end,split");
        ExhaustiveScope withSplit = ExhaustiveChecks.scope(Implementations.select("reference"));
        assertThat(withSplit.whyNotMerged()).isPresent();
        // every trace expanded, as a Java implementation's: the deepest that fits the budget
        assertThat(withSplit.depth()).isLessThan(ExhaustiveChecks.DEFAULT_DEPTH);
    }

    @Test
    void aDepthAskedIsKeptOrRefusedInOneLine() {
        System.setProperty(ExhaustiveChecks.DEPTH, "2");
        assertThat(ExhaustiveChecks.scope(Implementations.select(Variants.STABLE_OWNER)).depth()).isEqualTo(2);
        System.setProperty(ExhaustiveChecks.DEPTH, "5");
        assertThatThrownBy(() -> ExhaustiveChecks.scope(Implementations.select(Variants.STABLE_OWNER)))
                .hasMessageContaining("an exhaustive depth of 5").hasMessageContaining("(states not merged)").hasMessageNotContaining("\n");
    }

    @Test
    void badSettingsAreRefusedInOneLineSayingWhatToGive() {
        for (List<String> bad : List.of(List.of(ExhaustiveChecks.DEPTH, "0"), List.of(ExhaustiveChecks.DEPTH, "deep"),
                List.of(ExhaustiveChecks.SECONDS, "-1"), List.of(ExhaustiveChecks.ACTIONS, "acquire,teleport"))) {
            System.setProperty(bad.get(0), bad.get(1));
            assertThatThrownBy(ExhaustiveChecks::settings).as(bad.toString())
                    .hasMessageStartingWith("-D" + bad.get(0) + "=" + bad.get(1)).hasMessageNotContaining("\n");
            System.clearProperty(bad.get(0));
        }
        assertThatThrownBy(() -> {
            System.setProperty(ExhaustiveChecks.ACTIONS, "acquire,teleport");
            ExhaustiveChecks.settings();
        }).hasMessageContaining("unknown action 'teleport'");
    }
}
