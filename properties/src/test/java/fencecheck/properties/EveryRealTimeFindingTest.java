package fencecheck.properties;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.SinkKind;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import fencecheck.findings.Severity;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Write;
import fencecheck.realtime.KeyFailures;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.report.RunResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real-time property reports every distinct finding of its tries, grouped by kind and key, each shrunk, as lock step
 * does: a failure on one key does not hide another key's, nor one try's another's. Histories made by hand, so nothing
 * here depends on the threads' timing.
 */
class EveryRealTimeFindingTest {

    private static final ModelConfig SAFETY = ModelConfig.reference().withConformance(Conformance.SAFETY);
    private static final RealTimeSettings SETTINGS = RealTimeSettings.quick(2_000, 1).withShrinkMillis(10_000);
    private static final long START = 1_795_000_000_000_000L;
    private static final long TTL = 100_000;

    private final List<TimedOperation> ops = new ArrayList<>();

    @BeforeEach
    @AfterEach
    void forgetTheRuns() {
        RealTimeRuns.reset();
    }

    private void op(String process, Command c, double invokeMillis, double completeMillis, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, START + (long) (invokeMillis * 1_000), START + (long) (completeMillis * 1_000),
                outcome, ""));
    }

    private static long at(double millis) {
        return START + (long) (millis * 1_000);
    }

    /** K1: a stale fenced write accepted after a takeover; K2: a renewal of a lease taken over since, answered Renewed. */
    private RealTimeHistory twoKeysTwoBugs(boolean withTheStaleWrite) {
        ops.clear();
        op("w1", new Acquire("K1", "w1", TTL), 0, 1, new Granted(1, at(0.5) + TTL));
        op("w3", new Acquire("K2", "w3", TTL), 2, 3, new Granted(1, at(2.5) + TTL));
        op("w2", new Acquire("K1", "w2", TTL), 150, 151, new Granted(2, at(150.5) + TTL));
        op("w4", new Acquire("K2", "w4", TTL), 160, 161, new Granted(2, at(160.5) + TTL));
        if (withTheStaleWrite) {
            op("w1", new Write(SinkKind.CURRENT_FENCE, "K1", 1, "w1-1", "late"), 170, 171, new Applied());
        }
        op("w3", new Command.Renew("K2", "w3", 1, TTL), 180, 181, new Renewed(at(180.5) + TTL));
        return new RealTimeHistory(List.copyOf(ops), Map.of(), List.of(), START, 100);
    }

    private static RealTimeRun.Result tried(RealTimeHistory history) {
        RealTimeVerdict verdict = RealTimeVerdict.of(history, SAFETY, SETTINGS.maxStates());
        assertThat(verdict.passed()).isFalse();
        return new RealTimeRun.Result(history, verdict, null, Set.of(), 2_000, 10, List.of(), Severity.SAFETY,
                KeyFailures.of(history, verdict, SAFETY, SETTINGS.maxStates()), List.of());
    }

    @Test
    void everyKindOnEveryKeyOfEveryTryIsReportedEachShrunk() {
        RealTimeRuns.record(tried(twoKeysTwoBugs(false)));
        RealTimeRuns.record(tried(twoKeysTwoBugs(true)));
        RealTimeRuns.record(tried(twoKeysTwoBugs(true)));

        RealTimeFindingsReport.shrink(SAFETY, SETTINGS);

        List<RealTimeRuns.Shrunk> saved = RealTimeRuns.saved();
        assertThat(saved).extracting(s -> s.group().key()).containsExactlyInAnyOrder("K1", "K2");
        RealTimeRuns.Shrunk k1 = saved.stream().filter(s -> s.group().key().equals("K1")).findFirst().orElseThrow();
        RealTimeRuns.Shrunk k2 = saved.stream().filter(s -> s.group().key().equals("K2")).findFirst().orElseThrow();
        assertThat(k1.group().describe()).isEqualTo("write to CURRENT_FENCE answered Applied where the model answers Stale (no order"
                + " explains it) on K1");
        assertThat(k1.group().tries()).as("the second and third tries").isEqualTo(2);
        assertThat(k1.group().firstTry()).isEqualTo(2);
        assertThat(k2.group().describe()).startsWith("renew answered Renewed where the model answers RenewRejected").endsWith(" on K2");
        assertThat(k2.group().tries()).isEqualTo(3);
        assertThat(saved).allSatisfy(s -> {
            assertThat(s.shrunk().history().keys()).containsExactly(s.group().key());
            assertThat(s.shrunk().history().operations()).hasSizeLessThanOrEqualTo(3);
            assertThat(s.group().kind().severity()).isEqualTo(Severity.SAFETY);
        });

        String summary = RealTimeFindingsReport.summary("some-leases", 3);
        assertThat(summary).isEqualTo("2 findings (2 safety, 0 conformance) in 3 tries of some-leases");
        String message = RealTimeFindingsReport.render("MyTest.historiesAreLinearizable", summary, "42", null);
        assertThat(message).startsWith("MyTest.historiesAreLinearizable: 2 findings (2 safety, 0 conformance) in 3 tries of some-leases,"
                + " safety first:\n").contains("\n1. safety: ").contains("\n2. safety: ").contains(" on K1\n").contains(" on K2\n")
                .contains("first at try 2; shrunk from ").contains("seed: 42").doesNotContain("#");

        RunResult.Failure kept = RealTimeFailures.of(k1, true, null);
        assertThat(kept.finding().title()).isEqualTo("safety: " + k1.group().describe());
        assertThat(kept.realTime().history()).isEqualTo(k1.shrunk().history());
        assertThat(kept.realTime().fullHistory().operations()).hasSize(6);
        assertThat(RealTimeFailures.of(k2, false, null).realTime().fullHistory()).as("one full history in the result file").isNull();
    }

    /**
     * A call the implementation failed is unknown in its history and said apart, never a finding: a library may throw
     * where concurrent callers race, and the history judges what the call did.
     */
    @Test
    void aCallTheImplementationFailedIsSaidApartAndIsNoFinding() {
        RealTimeHistory history = twoKeysTwoBugs(false);
        RealTimeVerdict verdict = RealTimeVerdict.of(history, SAFETY, SETTINGS.maxStates());
        List<KeyFailures.KeyFailure> errors = KeyFailures.ofErrors(history,
                List.of(new KeyFailures.ImplementationError(2, "the kit finds no fence for K2")));
        RealTimeRuns.record(new RealTimeRun.Result(history, verdict, null, Set.of(), 2_000, 10, List.of(), Severity.SAFETY,
                KeyFailures.of(history, verdict, SAFETY, SETTINGS.maxStates()), errors));

        assertThat(RealTimeRuns.groups()).extracting(g -> g.kind().severity()).containsOnly(Severity.SAFETY);
        assertThat(RealTimeRuns.errors()).singleElement().satisfies(e -> {
            assertThat(e.kind().describe()).isEqualTo("acquire failed instead of answering");
            assertThat(e.smallest().errorInWords())
                    .isEqualTo("operation 2 (w3: acquire K2 as w3 for 100.000 ms, sent at 2.000 ms) failed: the kit finds no fence for K2");
        });
    }
}
