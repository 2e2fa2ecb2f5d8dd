package fencecheck.scheduler;

import fencecheck.nodes.NemesisAction;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.ClusterRecords.RunWrite;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Where a cluster run's fault landed, read from its records: a run that missed what it was aimed at says so. */
class ClusterRunAimTest {

    private static final long S = 1_000_000L;
    private static final NemesisAction PAUSE = new NemesisAction(1, "paused 9.8 s", 1 * S, 11 * S);

    @Test
    void aPauseInsideARunBeforeItsWriteWhileAnotherNodeWroteReachedTheSituation() {
        Run paused = run(1, 1, 1, 0, write(12, 13), 14);
        Run recovered = run(2, 2, 2, 9, write(10, 10), 10);

        ClusterRun.Aim aim = ClusterRun.aim(records(paused, recovered), List.of(PAUSE));

        assertThat(aim.reached()).isTrue();
        assertThat(aim.words()).isEqualTo("node 1, paused 9.8 s in run 1 of job J before its write, while another node ran the job"
                + " again and wrote");
    }

    @Test
    void aKillInsideARunThatNeverEndedReachedTheSituation() {
        NemesisAction kill = new NemesisAction(1, "killed, restarted after 9.8 s", 1 * S, 11 * S);
        Run killed = new Run(1, 1, "J", "f1", 1, 0, null, null);
        Run recovered = run(2, 2, 2, 9, write(10, 10), 10);

        ClusterRun.Aim aim = ClusterRun.aim(records(killed, recovered), List.of(kill));

        assertThat(aim.reached()).isTrue();
        assertThat(aim.words()).startsWith("node 1, killed, restarted after 9.8 s in run 1 of job J before its write");
    }

    @Test
    void aPauseAfterTheRunsWriteMissed() {
        Run paused = run(1, 1, 1, 0, write(0.5, 0.6), 12);
        Run recovered = run(2, 2, 2, 9, write(10, 10), 10);

        ClusterRun.Aim aim = ClusterRun.aim(records(paused, recovered), List.of(PAUSE));

        assertThat(aim.inRunBeforeWrite()).isFalse();
        assertThat(aim.reached()).isFalse();
        assertThat(aim.words()).contains("after its write");
    }

    @Test
    void aPauseNoOtherNodeTookOverFromMissed() {
        Run paused = run(1, 1, 1, 0, write(12, 13), 14);
        Run afterwards = run(2, 2, 2, 15, write(16, 16), 16);

        ClusterRun.Aim aim = ClusterRun.aim(records(paused, afterwards), List.of(PAUSE));

        assertThat(aim.inRunBeforeWrite()).isTrue();
        assertThat(aim.takenOver()).as("the newer run wrote after the pause").isFalse();
        assertThat(aim.words()).endsWith("and no other node ran the job again and wrote meanwhile");
    }

    @Test
    void aPauseOutsideEveryRunOfItsNodeMissed() {
        Run elsewhere = run(1, 2, 1, 0, write(12, 13), 14);

        ClusterRun.Aim aim = ClusterRun.aim(records(elsewhere), List.of(PAUSE));

        assertThat(aim.reached()).isFalse();
        assertThat(aim.words()).isEqualTo("node 1 was paused 9.8 s outside every run of its own");
        assertThat(ClusterRun.aim(records(elsewhere), List.of()).words()).isEqualTo("the nemesis did nothing");
    }

    private static ClusterRecords records(Run... runs) {
        return new ClusterRecords(List.of(runs), List.of(), List.of());
    }

    private static Run run(long id, int node, long token, double start, RunWrite write, double end) {
        return new Run(id, node, "J", "f" + id, token, (long) (start * S), write, (long) (end * S));
    }

    private static RunWrite write(double invoke, double complete) {
        return new RunWrite("unfenced", "r", (long) (invoke * S), "Applied", (long) (complete * S));
    }
}
