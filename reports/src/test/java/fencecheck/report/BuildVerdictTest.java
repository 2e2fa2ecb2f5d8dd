package fencecheck.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BuildVerdictTest {

    static RunResult passedVariant() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), failing.implementation(), failing.implementationNote(), true,
                failing.database(), RunResult.Status.PASSED, 300, 300, "1", failing.startedAt(), 1000, 0, null,
                failing.statistics(), failing.monitoring(), null);
    }

    static RunResult failedReference() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), "reference", "", false,
                failing.database(), RunResult.Status.FAILED, failing.tries(), failing.checks(), failing.seed(), failing.startedAt(),
                1000, 3, null, failing.statistics(), failing.monitoring(), failing.failure());
    }

    static RunResult variantFailedWithoutTrace() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), failing.implementation(), "", true,
                failing.database(), RunResult.Status.FAILED, 1, 1, "1", failing.startedAt(), 10, 0, null, null, null,
                RunResult.Failure.withoutTrace("the database went away", null));
    }

    @Test
    void eachRunCountsForWhatItMeans() {
        assertThat(BuildVerdict.kindOf(SampleResults.passing())).isEqualTo(BuildVerdict.Kind.PASSED);
        assertThat(BuildVerdict.kindOf(SampleResults.failing())).isEqualTo(BuildVerdict.Kind.KNOWN_BUG_CAUGHT);
        assertThat(BuildVerdict.kindOf(passedVariant())).isEqualTo(BuildVerdict.Kind.KNOWN_BUG_MISSED);
        assertThat(BuildVerdict.kindOf(failedReference())).isEqualTo(BuildVerdict.Kind.UNEXPECTED_FAILURE);
        assertThat(BuildVerdict.kindOf(variantFailedWithoutTrace())).as("an error is not a catch").isEqualTo(BuildVerdict.Kind.UNEXPECTED_FAILURE);
    }

    @Test
    void aBuildIsAsExpectedOnlyWithoutUnexpectedFailuresOrMissedBugs() {
        BuildVerdict good = BuildVerdict.of(List.of(SampleResults.passing(), SampleResults.failing()));
        assertThat(good).isEqualTo(new BuildVerdict(0, 1, 0, 1));
        assertThat(good.asExpected()).isTrue();
        assertThat(good.sentence()).startsWith("as expected: 0 unexpected failures, 0 known bugs missed, 1 run of correct implementations passed, 1 known bug caught");

        BuildVerdict missed = BuildVerdict.of(List.of(SampleResults.passing(), passedVariant()));
        assertThat(missed.asExpected()).isFalse();
        assertThat(missed.sentence()).startsWith("NOT as expected").contains("1 known bug missed");

        assertThat(BuildVerdict.of(List.of(failedReference())).asExpected()).isFalse();
    }

    @Test
    void theConsoleGetsOneCoverageLinePerCorrectRunThenTheVerdictAndThePath() {
        List<RunResult> runs = List.of(SampleResults.passing(), SampleResults.failing());
        List<String> coverage = ConsoleSummary.coverageLines(runs);
        assertThat(coverage).hasSize(1);
        assertThat(coverage.get(0)).startsWith("fencecheck: LeaseProtocolProperties.databaseAgreesWithModel [reference] passed, 300 tries; coverage (floor 5%): ")
                .contains("takeover happened").doesNotContain("request lost").doesNotContain("\n");
        assertThat(ConsoleSummary.verdictLines(runs, "properties/target/fencecheck/report/index.html")).containsExactly(
                "fencecheck verdict: as expected: 0 unexpected failures, 0 known bugs missed, 1 run of correct implementations passed, 1 known bug caught",
                "fencecheck report: properties/target/fencecheck/report/index.html");
        assertThat(ConsoleSummary.verdictLines(runs, Path.of("x", "index.html")).get(1)).isEqualTo("fencecheck report: " + Path.of("x", "index.html"));
    }
}
