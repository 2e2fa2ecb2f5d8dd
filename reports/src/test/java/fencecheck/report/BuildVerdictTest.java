package fencecheck.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The verdict of each case a build meets, on the console ({@link ConsoleSummary}) and on the index's banner
 * ({@link IndexVerdict}), which must say the same: a user's pack with a description and a real bug, the same pack
 * fixed, a built-in variant run on its own, and fencecheck's own tests catching (or missing) their variants.
 */
class BuildVerdictTest {

    /** A user's pack whose fencecheck.properties has a description line: the description says nothing of the verdict. */
    private static final String USER_PACK = "sql:classpath:/my-pack";
    private static final String DESCRIPTION = "our lease service, in one sentence as the README's table invites";

    static RunResult passedVariant() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), failing.implementation(), failing.implementationNote(), true,
                failing.database(), RunResult.Status.PASSED, 300, 300, "1", failing.startedAt(), 1000, 0, null,
                failing.statistics(), failing.monitoring(), null).examinedBy(SampleResults.VARIANT_TEST);
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
                RunResult.Failure.withoutTrace("the database went away", null)).examinedBy(SampleResults.VARIANT_TEST);
    }

    /** The user's pack with a real bug: the lease property failed with two safety findings and a conformance difference. */
    static RunResult userPackWithBug() {
        RunResult failing = SampleResults.failing();
        RunResult.Failure first = withFacts(failing.failure(), "safety", "write to LATEST_TOKEN_WINS broke invariant 1. no stale acceptance");
        RunResult.Failure second = withFacts(failing.failure(), "safety", "acquire broke invariant 2. mutual exclusion");
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), USER_PACK, DESCRIPTION, false, failing.database(),
                RunResult.Status.FAILED, 300, 300, "77", failing.startedAt(), 30_000, 0, 12, failing.statistics(), failing.monitoring(),
                first, List.of(second), List.of(new RunResult.FindingFacts("conformance", "renew answered Renewed where the model expects "
                + "RenewRejected", 3, 40, 0, 0, null)), List.of());
    }

    /**
     * The user's pack in real time: a failing history weighed {@code severity}, or of no severity as in a result written
     * before real-time failures were weighed (null).
     */
    static RunResult userPackInRealTime(String severity) {
        return new RunResult(RunResult.SCHEMA_VERSION, "MyLeasesTest.historiesAreLinearizable", USER_PACK, DESCRIPTION, false,
                SampleResults.database(), RunResult.Status.FAILED, 4, 4, "79", "2026-11-30T10:00:00Z", 9_000, 0, null, null, null,
                RealTimeSamples.failure(40, severity));
    }

    /** The same pack, fixed: every property passed. */
    static RunResult userPackFixed(String property) {
        RunResult passing = SampleResults.passing();
        return new RunResult(RunResult.SCHEMA_VERSION, property, USER_PACK, DESCRIPTION, false, passing.database(),
                RunResult.Status.PASSED, 300, 300, "78", passing.startedAt(), 30_000, 0, null, passing.statistics(), passing.monitoring(),
                null);
    }

    private static RunResult.Failure withFacts(RunResult.Failure f, String severity, String kind) {
        return new RunResult.Failure(f.verdict(), f.divergentStep(), f.violations(), f.trace(), f.history(), f.reproduce(), null,
                new RunResult.FindingFacts(severity, kind, 12, 3, 10, 20, null));
    }

    /** A built-in variant the build ran itself, on a property that does not declare it, which passed. */
    static RunResult variantOnAnotherProperty() {
        RunResult passing = SampleResults.passing();
        return new RunResult(RunResult.SCHEMA_VERSION, "FaultProperties.databaseCrashes", "sink-ignores-token", "both sinks accept any token",
                false, passing.database(), RunResult.Status.PASSED, 12, 12, "5", passing.startedAt(), 20_000, 0, null, null, null, null);
    }

    /** The same variant, the build's own run, on the property that declares it: failed with a trace. */
    static RunResult variantRunAlone() {
        RunResult failing = SampleResults.failing();
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), failing.implementation(), failing.implementationNote(), true,
                failing.database(), failing.status(), failing.tries(), failing.checks(), failing.seed(), failing.startedAt(),
                failing.durationMillis(), failing.shrinkingSteps(), failing.originalTraceSize(), failing.statistics(), failing.monitoring(),
                withFacts(failing.failure(), "safety", "write to LATEST_TOKEN_WINS broke invariant 1. no stale acceptance"));
    }

    /** The banner's headline, as the index shows it (the sentence escaped, as any text on the page). */
    private static String banner(List<RunResult> runs, Path folder) throws IOException {
        String html = Files.readString(ReportRenderer.render(runs, folder));
        return ReportRendererTest.section(html, "verdict");
    }

    private static String consoleVerdict(List<RunResult> runs) {
        List<String> lines = ConsoleSummary.verdictLines(runs, "target/fencecheck/report/index.html");
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(ConsoleSummary.WIDTH));
        assertThat(lines.get(lines.size() - 1)).as("the report's path comes last").startsWith("fencecheck report: ");
        return lines.get(lines.size() - 2);
    }

    @Test
    void aUserPackWithADescriptionAndARealBugFailsOnItsFindings(@TempDir Path folder) throws IOException {
        List<RunResult> runs = List.of(userPackWithBug(), userPackFixed("MyLeasesTest.networkFaultsAndRestarts"));
        assertThat(BuildVerdict.kindOf(runs.get(0))).isEqualTo(BuildVerdict.Kind.FAILED);
        BuildVerdict verdict = BuildVerdict.of(runs);
        assertThat(verdict.passedBuild()).as("the build fails, as Maven does").isFalse();
        assertThat(verdict.sentence()).isEqualTo("failed: 3 findings (2 safety, 1 conformance) (1 of 2 properties failed)");
        assertThat(consoleVerdict(runs)).isEqualTo("fencecheck verdict: " + verdict.sentence()).doesNotContain("known bug")
                .doesNotContain("caught");
        assertThat(banner(runs, folder)).contains("index-verdict bad").contains(Html.esc(verdict.sentence()))
                .doesNotContain("caught").doesNotContain("known bug");
    }

    @Test
    void aRealTimeFindingIsCountedInTheBreakdownByItsSeverity(@TempDir Path folder) throws IOException {
        List<RunResult> runs = List.of(userPackWithBug(), userPackInRealTime("safety"), userPackFixed("MyLeasesTest.databaseCrashes"));
        BuildVerdict verdict = BuildVerdict.of(runs);
        assertThat(verdict.safetyFindings()).as("two in lock step, one in real time").isEqualTo(3);
        assertThat(verdict.sentence()).isEqualTo("failed: 4 findings (3 safety, 1 conformance) (2 of 3 properties failed)");
        assertThat(consoleVerdict(runs)).isEqualTo("fencecheck verdict: " + verdict.sentence());
        assertThat(banner(runs, folder)).contains("index-verdict bad").contains(Html.esc(verdict.sentence()));

        List<RunResult> strict = List.of(userPackWithBug(), userPackInRealTime("conformance"));
        assertThat(BuildVerdict.of(strict).sentence()).as("a history only strict conformance refuses")
                .isEqualTo("failed: 4 findings (2 safety, 2 conformance)");

        List<RunResult> unweighed = List.of(userPackWithBug(), userPackInRealTime(null));
        assertThat(BuildVerdict.of(unweighed).sentence()).as("a real-time failure of an older result file, which has no severity")
                .isEqualTo("failed: 4 findings (2 safety, 1 conformance, 1 other)");
        assertThat(BuildVerdict.of(List.of(userPackInRealTime(null))).sentence()).isEqualTo("failed: 1 finding");
    }

    /** The user's pack, which claims only safety, failing its first acquire: the kit refused the call, every try. */
    static RunResult userPackRefusedByTheKit(boolean withASafetyFinding) {
        RunResult failing = SampleResults.failing();
        RunResult.Failure error = withFacts(failing.failure(), "error", "acquire failed where the model expects Granted");
        List<RunResult.Failure> more = withASafetyFinding
                ? List.of(withFacts(failing.failure(), "safety", "acquire broke invariant 2. mutual exclusion")) : List.of();
        List<RunResult.Failure> all = new ArrayList<>(more);
        all.add(error);
        return new RunResult(RunResult.SCHEMA_VERSION, failing.property(), USER_PACK, DESCRIPTION, false, failing.database(),
                RunResult.Status.FAILED, 300, 300, "80", failing.startedAt(), 30_000, 0, 1, failing.statistics(), failing.monitoring(),
                all.get(0), all.subList(1, all.size()), List.of(), List.of());
    }

    @Test
    void anImplementationErrorFailsTheBuildAsAnErrorWhateverIsClaimedNeverAsAConformanceDifference(@TempDir Path folder)
            throws IOException {
        List<RunResult> alone = List.of(userPackRefusedByTheKit(false));
        BuildVerdict verdict = BuildVerdict.of(alone);
        assertThat(verdict.passedBuild()).isFalse();
        assertThat(verdict.conformanceFindings()).isZero();
        assertThat(verdict.sentence()).isEqualTo("failed: 1 implementation error");
        assertThat(consoleVerdict(alone)).isEqualTo("fencecheck verdict: failed: 1 implementation error");
        assertThat(banner(alone, folder.resolve("alone"))).contains("index-verdict bad")
                .contains("<p class=\"headline\">failed: 1 implementation error. ").contains("<strong>0</strong> findings")
                .contains("<strong>1</strong> implementation error");
        assertThat(alone.get(0).failure().finding().title()).isEqualTo("implementation error: acquire failed where the model expects Granted");

        List<RunResult> withSafety = List.of(userPackRefusedByTheKit(true), userPackFixed("MyLeasesTest.networkFaultsAndRestarts"));
        BuildVerdict both = BuildVerdict.of(withSafety);
        assertThat(both.sentence()).isEqualTo("failed: 1 finding (1 safety), 1 implementation error (1 of 2 properties failed)");
        assertThat(consoleVerdict(withSafety)).isEqualTo("fencecheck verdict: " + both.sentence());
        assertThat(banner(withSafety, folder.resolve("both"))).contains(Html.esc(both.sentence()));
    }

    @Test
    void aKnownBuggyVariantCaughtOnlyByImplementationErrorsIsAnErrorNotACatch() {
        RunResult refused = userPackRefusedByTheKit(false);
        RunResult variant = new RunResult(RunResult.SCHEMA_VERSION, refused.property(), "sink-ignores-token", "", true, refused.database(),
                RunResult.Status.FAILED, 300, 300, "81", refused.startedAt(), 10, 0, 1, null, null, refused.failure(), List.of(),
                List.of(), List.of()).examinedBy(SampleResults.VARIANT_TEST);
        assertThat(BuildVerdict.kindOf(variant)).isEqualTo(BuildVerdict.Kind.CHECK_ERROR);
        assertThat(BuildVerdict.of(List.of(variant)).sentence()).isEqualTo("failed: 1 known-buggy variant failed without a finding");
    }

    @Test
    void theSamePackFixedPasses(@TempDir Path folder) throws IOException {
        List<RunResult> runs = List.of(userPackFixed("MyLeasesTest.databaseAgreesWithModel"), userPackFixed("MyLeasesTest.networkFaultsAndRestarts"));
        BuildVerdict verdict = BuildVerdict.of(runs);
        assertThat(verdict.passedBuild()).isTrue();
        assertThat(verdict.sentence()).isEqualTo("passed: 2 properties, 600 tries, coverage met");
        assertThat(consoleVerdict(runs)).isEqualTo("fencecheck verdict: passed: 2 properties, 600 tries, coverage met");
        assertThat(banner(runs, folder)).contains("index-verdict ok").contains("passed: 2 properties, 600 tries, coverage met")
                .doesNotContain("missed");
    }

    @Test
    void aBuiltInVariantRunAloneIsJudgedOnlyOnThePropertiesThatDeclareIt(@TempDir Path folder) throws IOException {
        List<RunResult> runs = List.of(variantRunAlone(), variantOnAnotherProperty());
        assertThat(BuildVerdict.kindOf(variantOnAnotherProperty())).as("a property that never claimed the variant just passed")
                .isEqualTo(BuildVerdict.Kind.PASSED);
        BuildVerdict verdict = BuildVerdict.of(runs);
        assertThat(verdict.knownBugsMissed()).isZero();
        assertThat(verdict.sentence()).as("its failure fails the build, as Maven says").startsWith("failed: 1 finding (1 safety)");
        List<String> lines = ConsoleSummary.verdictLines(runs, "index.html");
        assertThat(lines).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(ConsoleSummary.WIDTH));
        assertThat(String.join(" ", lines).replaceAll(" +", " ")).startsWith("fencecheck: known-buggy variant sink-ignores-token caught by "
                + "LeaseProtocolProperties.databaseAgreesWithModel, which declares it");
        assertThat(String.join("\n", lines)).doesNotContain("databaseCrashes").doesNotContain("missed");
        assertThat(banner(runs, folder)).contains("index-verdict bad").doesNotContain("databaseCrashes").doesNotContain("missed");
    }

    @Test
    void fencecheckOwnTestsCountEachDeclaredVariantCaughtOrMissed(@TempDir Path folder) throws IOException {
        assertThat(BuildVerdict.kindOf(SampleResults.passing())).isEqualTo(BuildVerdict.Kind.PASSED);
        assertThat(BuildVerdict.kindOf(SampleResults.failing())).isEqualTo(BuildVerdict.Kind.KNOWN_BUG_CAUGHT);
        assertThat(BuildVerdict.kindOf(passedVariant())).isEqualTo(BuildVerdict.Kind.KNOWN_BUG_MISSED);
        assertThat(BuildVerdict.kindOf(failedReference())).isEqualTo(BuildVerdict.Kind.FAILED);
        assertThat(BuildVerdict.kindOf(variantFailedWithoutTrace())).as("an error is not a catch").isEqualTo(BuildVerdict.Kind.CHECK_ERROR);
        RunResult packInATest = userPackWithBug().examinedBy("StatementsOfOneCallTest.checkThenActAcrossTwoStatementsIsCaught");
        assertThat(BuildVerdict.kindOf(packInATest)).as("judged by the test that ran it").isEqualTo(BuildVerdict.Kind.EXAMINED);

        List<RunResult> good = List.of(SampleResults.passing(), SampleResults.failing(), packInATest);
        assertThat(BuildVerdict.of(good).sentence()).isEqualTo("passed: 1 property, 300 tries, coverage met; 1 known bug caught, none missed");
        assertThat(consoleVerdict(good)).isEqualTo("fencecheck verdict: " + BuildVerdict.of(good).sentence());
        assertThat(banner(good, folder.resolve("good"))).contains("index-verdict ok").contains(BuildVerdict.of(good).sentence());

        List<RunResult> missed = List.of(SampleResults.passing(), passedVariant());
        assertThat(BuildVerdict.of(missed).passedBuild()).isFalse();
        assertThat(BuildVerdict.of(missed).sentence()).isEqualTo("failed: 1 known bug missed");
        assertThat(banner(missed, folder.resolve("missed"))).contains("index-verdict bad").contains("failed: 1 known bug missed");

        assertThat(BuildVerdict.of(List.of(variantFailedWithoutTrace())).sentence())
                .isEqualTo("failed: 1 known-buggy variant failed without a finding");
    }

    @Test
    void aRunWithoutAFindingFailsOnItsFloorOrAsAnError() {
        RunResult floor = new RunResult(RunResult.SCHEMA_VERSION, "MyLeasesTest.databaseAgreesWithModel", USER_PACK, "", false,
                SampleResults.database(), RunResult.Status.FAILED, 300, 300, "1", "2026-11-30T09:00:00Z", 10, 0, null,
                new RunResult.Statistics(300, 5.0, true, List.of(new RunResult.SituationCount("TAKEOVER", "takeover happened", 3, 5.0))),
                null, RunResult.Failure.withoutTrace("coverage", null));
        RunResult error = new RunResult(RunResult.SCHEMA_VERSION, "MyLeasesTest.databaseCrashes", USER_PACK, "", false,
                SampleResults.database(), RunResult.Status.FAILED, 0, 0, "1", "2026-11-30T09:00:00Z", 10, 0, null, null, null,
                RunResult.Failure.withoutTrace("connection refused", null));
        assertThat(BuildVerdict.of(List.of(floor, error)).sentence())
                .isEqualTo("failed: 1 property under a coverage floor, 1 property failed without a finding (an error)");
    }

    @Test
    void theConsoleGetsOneShortCoverageLinePerRunOfItsOwnThenTheVerdictAndThePath() {
        List<RunResult> runs = List.of(SampleResults.passing(), SampleResults.failing());
        List<String> coverage = ConsoleSummary.coverageLines(runs);
        assertThat(coverage).as("the inner run of a test of fencecheck's own is in the report only")
                .allSatisfy(l -> assertThat(l).hasSizeLessThanOrEqualTo(ConsoleSummary.WIDTH).doesNotContain("sink-ignores-token"));
        assertThat(coverage.get(0)).startsWith("fencecheck: LeaseProtocolProperties.databaseAgreesWithModel [reference] passed, 300 tries; ");
        RunResult.Statistics met = new RunResult.Statistics(300, 5.0, true, List.of(
                new RunResult.SituationCount("TAKEOVER", "takeover happened", 200, 5.0),
                new RunResult.SituationCount("ZOMBIE_STATEMENT", "a zombie's statement reached the database", 40, 5.0),
                new RunResult.SituationCount("REQUEST_LOST", "request lost", 0, null)));
        assertThat(ConsoleSummary.coverageLines(List.of(IndexSamples.withStatistics(SampleResults.passing(), met)))).containsExactly(
                "fencecheck: LeaseProtocolProperties.databaseAgreesWithModel [reference] passed, 300 tries; coverage met (2 situations at",
                "    5% or more, lowest: a zombie's statement reached the database 13%)");
        assertThat(ConsoleSummary.verdictLines(runs, "properties/target/fencecheck/report/index.html")).containsExactly(
                "fencecheck verdict: passed: 1 property, 300 tries, coverage met; 1 known bug caught, none missed",
                "fencecheck report: properties/target/fencecheck/report/index.html");
        assertThat(ConsoleSummary.verdictLines(runs, Path.of("x", "index.html")).get(1)).isEqualTo("fencecheck report: " + Path.of("x", "index.html"));
    }

    @Test
    void aLongLineIsWrappedAtSpacesWithinTheWidth() {
        String words = "word ".repeat(60).strip();
        List<String> lines = ConsoleSummary.wrapped(words);
        assertThat(lines).hasSizeGreaterThan(2).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(ConsoleSummary.WIDTH));
        assertThat(String.join(" ", lines).replaceAll(" +", " ")).isEqualTo(words);
    }
}
