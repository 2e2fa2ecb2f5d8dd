package fencecheck.db.replica;

import fencecheck.db.DatabaseUnavailable;
import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplicationTest {

    @Test
    void eachSettingNamesItsCommitWaitAndWhetherTheStandbyIsSynchronous() {
        assertThat(Replication.parse(null)).isEqualTo(Replication.ASYNC);
        assertThat(Replication.parse(" ")).isEqualTo(Replication.ASYNC);
        assertThat(Replication.parse("async").standbyNames("s")).isEmpty();
        assertThat(Replication.parse("remote_write").synchronousCommit()).isEqualTo("remote_write");
        assertThat(Replication.parse("Remote-Apply")).isEqualTo(Replication.REMOTE_APPLY);
        assertThat(Replication.parse("on").synchronousCommit()).isEqualTo("on");
        assertThat(Replication.parse("on").standbyNames("fencecheck_standby")).isEqualTo("\"fencecheck_standby\"");
        assertThat(Replication.ASYNC.synchronousStandby()).isFalse();
        assertThat(Replication.REMOTE_WRITE.synchronousStandby()).isTrue();
    }

    @Test
    void aBadSettingIsOneLineThatSaysWhatToGive() {
        assertThatThrownBy(() -> Replication.parse("sync"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dfencecheck.replication=sync is not a replication setting;"
                        + " give one of async|remote_write|on|remote_apply (async is the default)");
    }

    @Test
    void theReplicatedKindRefusesABadSettingBeforeStartingAnything() {
        String before = System.getProperty(Replication.PROPERTY);
        System.setProperty(Replication.PROPERTY, "sometimes");
        try {
            assertThat(Databases.KINDS).contains("replicated");
            assertThatThrownBy(() -> Databases.open("replicated", null))
                    .isInstanceOf(DatabaseUnavailable.class)
                    .hasMessageStartingWith("-Dfencecheck.replication=sometimes is not a replication setting;")
                    .hasMessageNotContaining("\n");
        } finally {
            if (before == null) {
                System.clearProperty(Replication.PROPERTY);
            } else {
                System.setProperty(Replication.PROPERTY, before);
            }
        }
    }
}
