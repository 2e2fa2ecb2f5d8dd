package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.db.FailoverCommandDatabase;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.TestBed;
import fencecheck.db.UrlDatabase;
import fencecheck.db.cluster.FailoverCommand;
import fencecheck.db.cluster.PairFailoverEndpoint;
import fencecheck.db.replica.ReplicaPair;
import fencecheck.db.replica.Replication;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A cluster given by URL and failed over by a command, as a user's Patroni or CloudNativePG cluster would be: here
 * the cluster is an asynchronous pair the test starts, and the command is a JVM of its own that asks the test's
 * stand-in for a cluster manager to fail it over and returns before the failover is done. The lock-step failover
 * step runs the command; what survived is settled as on the pair fencecheck fails over itself, by the setting the
 * user declares.
 */
class FailoverCommandTraceTest {

    private static final List<Step> GRANT_FAILOVER_GRANT = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.nemesis(new Action.Failover()),
            Step.worker(2, new Action.Acquire("K1")));
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static ReplicatedDatabase pair;
    private static PairFailoverEndpoint endpoint;
    private static String url;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startThePair() throws Exception {
        pair = ReplicatedDatabase.start(Replication.ASYNC);
        endpoint = new PairFailoverEndpoint(pair);
        url = "jdbc:postgresql://" + pair.host() + ":" + pair.port() + "/" + ReplicaPair.DATABASE;
    }

    @AfterAll
    static void stopThePair() {
        if (endpoint != null) {
            endpoint.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    private static FailoverCommandDatabase cluster(String command, Replication declared) {
        return new FailoverCommandDatabase(new UrlDatabase(url, ReplicaPair.USER, null),
                new FailoverCommand(command, WAIT, dir.resolve("failover-command.log")), declared);
    }

    @Test
    void theCommandFailsTheClusterOverAndWhatSurvivedIsSettledByTheDeclaredSetting() throws Exception {
        LeaseProtocol reference = Implementations.select("reference");

        // a switchover: the standby has everything, so the grant survives and w2 is refused; the setting is not declared
        FailoverCommandDatabase undeclared = cluster(endpoint.command("switchover"), null);
        try (TraceRunner runner = new TraceRunner(undeclared, reference)) {
            TryResult kept = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));
            endpoint.awaitLast();
            assertThat(kept.passed()).as(kept.verdict() + "\n" + TraceTable.render(kept)).isTrue();
            assertThat(grantedTokens(kept)).containsExactly(1L);
            assertThat(kept.situations()).contains(Situation.FAILOVER, Situation.FAILOVER_AFTER_GRANT);
            assertThat(kept.history()).anyMatch(e -> e.action().startsWith("failover:") && e.action().contains("replication unknown"));
            assertThat(pair.restarts()).as("failovers of the pair").isEqualTo(1);
            assertThat(undeclared.restarts()).isEqualTo(1);
        }

        // a failover with the standby behind: declared async, the lost grant is allowed, and the invariants judge
        // what follows: the same token granted again, the loss put down to the failover and the declared setting
        FailoverCommandDatabase async = cluster(endpoint.command("failover"), Replication.ASYNC);
        standbyBehind(async, reference);
        try (TraceRunner runner = new TraceRunner(async, reference)) {
            TryResult lost = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));
            endpoint.awaitLast();
            assertThat(grantedTokens(lost)).as(TraceTable.render(lost)).containsExactly(1L, 1L);
            assertThat(lost.violations()).extracting(Violation::invariant).contains(Invariant.TOKENS_STRICTLY_INCREASING);
            assertThat(lost.verdict()).doesNotContain("\n")
                    .contains("the failover at step 2 lost what step 1 committed")
                    .contains("replication async");
            assertThat(pair.restarts()).isEqualTo(2);
        }

        // the same loss on a cluster declared to wait for its standby (on) breaks that promise: a finding of its own
        FailoverCommandDatabase on = cluster(endpoint.command("failover"), Replication.ON);
        standbyBehind(on, reference);
        try (TraceRunner runner = new TraceRunner(on, reference)) {
            TryResult broken = runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT));
            endpoint.awaitLast();
            assertThat(broken.passed()).isFalse();
            assertThat(broken.history()).as(TraceTable.render(broken))
                    .anyMatch(e -> e.action().startsWith("the rows of K1 after the failover (replication on:"));
            assertThat(grantedTokens(broken)).containsExactly(1L);
            assertThat(pair.restarts()).isEqualTo(3);
        }
        assertThat(on.describe()).contains("failed over by `").contains("replication on as declared");
    }

    @Test
    void aCommandThatDoesNotFailTheClusterOverIsOneLineAfterTheWait() {
        FailoverCommandDatabase idle = new FailoverCommandDatabase(new UrlDatabase(url, ReplicaPair.USER, null),
                new FailoverCommand("echo nothing to do", Duration.ofSeconds(2), dir.resolve("idle.log")), null);
        try (TraceRunner runner = new TraceRunner(idle, Implementations.select("reference"))) {
            assertThatThrownBy(() -> runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT)))
                    .hasMessageNotContaining("\n")
                    .hasMessageStartingWith("the trace fails the database over, but after the failover command, " + url
                            + " did not answer as a newly promoted primary within 2 s (it still reached the old primary (timeline ");
        }
        FailoverCommandDatabase failing = new FailoverCommandDatabase(new UrlDatabase(url, ReplicaPair.USER, null),
                new FailoverCommand("echo 'no such cluster' >&2; exit 2", WAIT, dir.resolve("failing.log")), null);
        try (TraceRunner runner = new TraceRunner(failing, Implementations.select("reference"))) {
            assertThatThrownBy(() -> runner.run(Trace.of("reference", GRANT_FAILOVER_GRANT)))
                    .hasMessageNotContaining("\n")
                    .hasMessageContaining("the failover command `echo 'no such cluster' >&2; exit 2` exited with 2 after ")
                    .hasMessageContaining("its output ended: no such cluster;");
        }
    }

    /**
     * Empties the tables everywhere, then stops the standby: what the next try commits is on the primary alone, as
     * when a standby lags, and a failover loses it.
     */
    private static void standbyBehind(FailoverCommandDatabase cluster, LeaseProtocol protocol) throws Exception {
        new TestBed(cluster, protocol).install();
        try (Connection c = cluster.connect()) {
            protocol.deleteAllRows(c);
        }
        pair.awaitCatchUp();
        pair.pair().stopStandby();
    }

    private static List<Long> grantedTokens(TryResult r) {
        return r.history().stream()
                .filter(e -> e.observed() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted)
                .map(e -> ((Outcome.Granted) ((JobOutcome.Answered) e.observed()).outcome()).token())
                .toList();
    }
}
