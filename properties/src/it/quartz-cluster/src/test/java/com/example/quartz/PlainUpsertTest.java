package com.example.quartz;

import fencecheck.scheduler.ClusterFinding;
import fencecheck.scheduler.ClusterFinding.Kind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's result written by a plain upsert: the paused run, resumed after Quartz recovered its job on another node,
 * overwrites the recovered run's result. A finding: a stale write accepted, and the newer acknowledged result lost.
 */
class PlainUpsertTest {

    @Test
    void thePausedRunsLateWriteOverwritesTheRecoveredRunsResult() throws Exception {
        PausedCluster cluster = PausedCluster.run("unfenced");

        assertThat(cluster.detection()).isBetween(QuartzNode.CHECKIN_INTERVAL_MILLIS + 7_500 - 1_000, 30_000L);
        assertThat(cluster.pausedRun().write().answer()).isEqualTo("Applied");
        assertThat(cluster.verdict().passed()).isFalse();
        ClusterFinding stale = cluster.verdict().findings().stream().filter(f -> f.kind() == Kind.STALE_ACCEPTANCE)
                .findFirst().orElseThrow();
        assertThat(stale.runs().getFirst()).isEqualTo(cluster.pausedRun().id());
        assertThat(stale.words()).startsWith("node " + cluster.pause().node() + ", paused ").endsWith(": Applied");
        assertThat(cluster.verdict().findings()).anyMatch(f -> f.kind() == Kind.ACKNOWLEDGED_WRITE_LOST);
        assertThat(cluster.records().finalRows()).singleElement()
                .satisfies(row -> assertThat(row.token()).isEqualTo(cluster.pausedRun().token()));
    }
}
