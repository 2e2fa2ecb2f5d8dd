package com.example.dbscheduler.cluster;

import fencecheck.scheduler.ClusterFinding;
import fencecheck.scheduler.ClusterRecords.Firing;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.NemesisAction;
import org.junit.jupiter.api.Test;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * db-scheduler's cluster, its node running the job stopped past the dead-execution limit: another node revives the
 * execution and runs it again, and the paused node, resumed, still writes. With a plain upsert that late write
 * overwrites the newer run's result (a finding); through the kit's latest-token sink it is refused ({@code Stale}),
 * and the cluster passes on its results while the two runs' overlap is reported.
 */
class DbSchedulerClusterTest {

    @Test
    void aPlainUpsertLetsThePausedNodesLateWriteOverwriteTheNewerRunsResult() throws Exception {
        PausedRun.Outcome outcome = PausedRun.of("unfenced");
        Run paused = premise(outcome);

        assertThat(paused.write().answer()).as("the plain upsert's answer to the paused run").isEqualTo("Applied");
        assertThat(outcome.records().finalRows()).singleElement()
                .satisfies(row -> assertThat(row.token()).as("the token of the result the job ends with").isEqualTo(paused.token()));
        assertThat(outcome.verdict().findings()).extracting(ClusterFinding::kind)
                .contains(ClusterFinding.Kind.STALE_ACCEPTANCE, ClusterFinding.Kind.ACKNOWLEDGED_WRITE_LOST);
        assertThat(outcome.verdict().findings()).filteredOn(f -> f.kind() == ClusterFinding.Kind.STALE_ACCEPTANCE)
                .singleElement().satisfies(f -> assertThat(f.words())
                        .startsWith("node " + paused.node() + ", paused ").endsWith("had written: Applied"));
    }

    @Test
    void theKitsSinkRefusesTheLateWriteAndTheClusterPassesWithTheOverlapReported() throws Exception {
        PausedRun.Outcome outcome = PausedRun.of("latest");
        Run paused = premise(outcome);
        Run newer = newer(outcome);

        assertThat(paused.write().answer()).as("the kit's answer to the paused run's late write").isEqualTo("Stale");
        assertThat(outcome.verdict().findings()).as("findings").isEmpty();
        assertThat(outcome.records().finalRows()).singleElement()
                .satisfies(row -> assertThat(row.token()).as("the token of the result the job ends with").isEqualTo(newer.token()));
        assertThat(outcome.verdict().notes()).extracting(ClusterFinding::kind).containsExactly(ClusterFinding.Kind.OVERLAPPING_RUNS);
    }

    /**
     * What the outcomes rest on, checked on the records rather than assumed from the timing: two runs of the one job,
     * each its own firing and token; the first on the paused node, paused inside its run before its write; the newer
     * run on another node, begun and written while the first was paused.
     */
    private static Run premise(PausedRun.Outcome outcome) {
        List<Run> runs = outcome.records().runs();
        assertThat(runs).as("runs").hasSize(2);
        assertThat(runs).allSatisfy(r -> assertThat(r.write()).as("run " + r.id() + "'s write").isNotNull());
        assertThat(outcome.records().firings()).extracting(Firing::token).containsExactly(1L, 2L);
        Run paused = runs.getFirst();
        Run newer = newer(outcome);
        NemesisAction pause = outcome.nemesis().getFirst();
        assertThat(pause.node()).isEqualTo(paused.node());
        assertThat(newer.node()).as("the newer run's node").isNotEqualTo(paused.node());
        assertThat(newer.token()).isGreaterThan(paused.token());
        assertThat(pause.startMicros()).as("the pause began inside the paused run, before its write")
                .isBetween(paused.start(), paused.write().invoke());
        assertThat(newer.write().complete()).as("the newer run wrote while the first was paused (else lengthen -Dfencecheck.dbscheduler.pauseSeconds)")
                .isNotNull().isLessThan(pause.endMicros());
        Firing revived = outcome.records().firings().getLast();
        System.out.printf(Locale.ROOT, "node %d paused %.1f s; execution picked again by node %d %.2f s after the pause%n",
                pause.node(), (pause.endMicros() - pause.startMicros()) / 1e6, newer.node(), (revived.at() - pause.startMicros()) / 1e6);
        outcome.verdict().findings().forEach(f -> System.out.println("finding: " + f.words()));
        outcome.verdict().notes().forEach(f -> System.out.println("note: " + f.words()));
        return paused;
    }

    private static Run newer(PausedRun.Outcome outcome) {
        return outcome.records().runs().stream().max(Comparator.comparingLong(Run::token)).orElseThrow();
    }
}
