package fencecheck.api;

import fencecheck.kit.FiringTable;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A cluster's settings: each a new value, and each bad one refused in one line that says what to give. */
class SchedulerClusterTest {

    @Test
    void eachSettingIsANewValue() {
        SchedulerCluster base = SchedulerCluster.of(SchedulerClusterTest.class);
        SchedulerCluster set = base.nodes(4).schema("/t.sql").firings(FiringTable.quartz()).detection(Duration.ofSeconds(9))
                .faults(SchedulerCluster.NodeFault.KILL).jvmOptions("-Da=1").jvmOptions("-Db=2").exclusiveExecution(true);

        assertThat(base.nodes()).isEqualTo(3);
        assertThat(base.faults()).containsExactly(SchedulerCluster.NodeFault.PAUSE);
        assertThat(set).isEqualTo(new SchedulerCluster(SchedulerClusterTest.class, 4, "/t.sql", FiringTable.quartz(), Duration.ofSeconds(9),
                List.of(SchedulerCluster.NodeFault.KILL), List.of("-Da=1", "-Db=2"), true));
        assertThat(set.missing()).isNull();
    }

    @Test
    void whatIsMissingIsSaidInOneLine() {
        SchedulerCluster base = SchedulerCluster.of(SchedulerClusterTest.class);

        assertThat(base.missing()).startsWith("say which row change is a firing: .firings(FiringTable.quartz())");
        assertThat(base.firings(FiringTable.dbScheduler()).missing()).startsWith("give the scheduler's detection time");
    }

    @Test
    void badSettingsAreRefused() {
        SchedulerCluster base = SchedulerCluster.of(SchedulerClusterTest.class);

        assertThatThrownBy(() -> base.nodes(1)).hasMessage("a scheduler cluster needs at least 2 nodes (one to pause, one to take over), not 1");
        assertThatThrownBy(() -> base.detection(Duration.ZERO)).hasMessage("the scheduler's detection time must be positive, not PT0S");
        assertThatThrownBy(() -> base.faults(new SchedulerCluster.NodeFault[0])).hasMessageContaining("at least one fault");
    }
}
