package com.example.quartz;

import fencecheck.scheduler.ClusterFinding.Kind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's result written through the kit's latest-token sink with its firing's token: the paused run's late write
 * is refused (Stale), the recovered run's result stays, and the run passes on its results while it reports the
 * overlapping runs Quartz's recovery started.
 */
class KitSinkTest {

    @Test
    void thePausedRunsLateWriteIsRefusedAndTheOverlapReported() throws Exception {
        PausedCluster cluster = PausedCluster.run("latest");

        assertThat(cluster.detection()).isBetween(QuartzNode.CHECKIN_INTERVAL_MILLIS + 7_500 - 1_000, 30_000L);
        assertThat(cluster.pausedRun().write().answer()).isEqualTo("Stale");
        assertThat(cluster.verdict().findings()).isEmpty();
        assertThat(cluster.verdict().notes()).anyMatch(n -> n.kind() == Kind.OVERLAPPING_RUNS
                && n.runs().contains(cluster.pausedRun().id()) && n.words().contains("paused"));
        assertThat(cluster.records().finalRows()).singleElement()
                .satisfies(row -> assertThat(row.token()).isGreaterThan(cluster.pausedRun().token()));
    }
}
