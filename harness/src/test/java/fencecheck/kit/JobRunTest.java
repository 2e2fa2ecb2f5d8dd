package fencecheck.kit;

import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.db.Databases;
import fencecheck.scheduler.ClusterClaims;
import fencecheck.scheduler.ClusterFinding;
import fencecheck.scheduler.ClusterRecords;
import fencecheck.scheduler.ClusterRecords.Emit;
import fencecheck.scheduler.ClusterRecords.OutboxRow;
import fencecheck.scheduler.ClusterRecords.Run;
import fencecheck.scheduler.ClusterVerdict;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class JobRunTest {

    private final String group = "g" + UUID.randomUUID().toString().substring(0, 8);
    private final String key = group + ".report";
    private final RealTimeDataSource nodes = new RealTimeDataSource(Databases.shared());
    private Connection c;
    private FakeSchedulerTables tables;

    @BeforeEach
    void install() throws SQLException {
        c = Databases.shared().connectRealTime();
        tables = new FakeSchedulerTables().create(c);
        FiringTable.inserted(tables.firedTriggers, List.of("job_group", "job_name"), ".", "entry_id").install(c);
    }

    @AfterEach
    void close() throws SQLException {
        nodes.cutAll();
        c.close();
    }

    @Test
    void everyRecordIsCommittedAtOnceSoACutNodeKeepsWhatItDid() throws SQLException {
        fire(c, "n1-1");
        fire(c, "n2-1");
        JobRun wrote = JobRun.begin(nodes, 1, key, "n1-1");
        assertThat(wrote.writeLatest("r1")).isEqualTo(new Applied());
        JobRun began = JobRun.begin(nodes, 2, key, "n2-1");

        nodes.cutAll();  // as a kill would: neither run ends

        List<Run> runs = runsOf(key);
        assertThat(runs).hasSize(2);
        Run first = runs.getFirst();
        assertThat(first.id()).isEqualTo(wrote.id());
        assertThat(first.node()).isEqualTo(1);
        assertThat(first.token()).isEqualTo(1);
        assertThat(first.firingId()).isEqualTo("n1-1");
        assertThat(first.end()).isNull();
        assertThat(first.write().sink()).isEqualTo("latest");
        assertThat(first.write().result()).isEqualTo("r1");
        assertThat(first.write().answer()).isEqualTo("Applied");
        assertThat(first.write().invoke()).isBetween(first.start(), first.write().complete());
        Run second = runs.get(1);
        assertThat(second.id()).isEqualTo(began.id());
        assertThat(second.node()).isEqualTo(2);
        assertThat(second.token()).isEqualTo(2);
        assertThat(second.write()).isNull();
        assertThat(second.end()).isNull();
    }

    @Test
    void theEndIsRecordedAfterTheWrite() throws SQLException {
        fire(c, "n1-1");
        try (JobRun run = JobRun.begin(nodes, 1, key, "n1-1")) {
            run.writeLatest("r1");
        }
        Run run = runsOf(key).getFirst();
        assertThat(run.end()).isNotNull().isGreaterThanOrEqualTo(run.write().complete());
    }

    @Test
    void theSinkRefusesAnOlderFiringsTokenWhileThePlainUpsertStoresIt() throws SQLException {
        fire(c, "n1-1");
        fire(c, "n2-1");
        try (JobRun newer = JobRun.begin(nodes, 2, key, "n2-1")) {
            assertThat(newer.token()).isEqualTo(2);
            assertThat(newer.writeLatest("r2")).isEqualTo(new Applied());
        }
        try (JobRun late = JobRun.begin(nodes, 1, key, "n1-1")) {
            assertThat(late.token()).isEqualTo(1);
            assertThat(late.writeLatest("r1")).isEqualTo(new Stale());
        }
        assertThat(finalRowOf(key)).isEqualTo(new ClusterRecords.FinalRow(key, 2, "r2"));
        long unfencedRun;
        try (JobRun late = JobRun.begin(nodes, 1, key, "n1-1")) {
            assertThat(late.writeUnfenced("r1")).isEqualTo(new Applied());
            unfencedRun = late.id();
        }
        assertThat(finalRowOf(key)).isEqualTo(new ClusterRecords.FinalRow(key, 1, "r1"));

        // the checker finds both: the late write accepted, and the newer run's acknowledged result lost
        ClusterRecords all = ClusterRecords.read(c);
        ClusterVerdict verdict = ClusterVerdict.of(runsOf(key), all.firings().stream().filter(f -> f.jobKey().equals(key)).toList(),
                List.of(finalRowOf(key)), List.of(), new ClusterClaims(false));
        long newerRun = runsOf(key).getFirst().id();
        assertThat(verdict.findings()).extracting(ClusterFinding::kind)
                .containsExactly(ClusterFinding.Kind.STALE_ACCEPTANCE, ClusterFinding.Kind.ACKNOWLEDGED_WRITE_LOST);
        assertThat(verdict.findings().getFirst().words()).isEqualTo("node 1, in run " + unfencedRun + " of job " + key
                + " with token 1, wrote after node 2's run " + newerRun + " with token 2 had written: Applied");
    }

    @Test
    void beginWaitsForAFiringWhoseStatementHasNotCommitted() throws Exception {
        try (Connection scheduler = Databases.shared().connectRealTime()) {
            scheduler.setAutoCommit(false);
            fire(scheduler, "n1-1");
            CompletableFuture<JobRun> begun = CompletableFuture.supplyAsync(() -> {
                try {
                    return JobRun.begin(nodes, 1, key, "n1-1", Duration.ofSeconds(60));
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            // not visible before the commit, whatever the timing
            assertThat(begun).isNotDone();
            scheduler.commit();
            JobRun run = begun.get(30, TimeUnit.SECONDS);
            assertThat(run.token()).isEqualTo(1);
            run.end();
        }
    }

    @Test
    void aFiringNeverRecordedIsRefusedInOneLine() {
        assertThatThrownBy(() -> JobRun.begin(nodes, 1, key, "nowhere", Duration.ofMillis(200)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no firing nowhere of job " + key + " was recorded within 200 ms: install the scheduler's FiringTable"
                        + " before its nodes start, and pass the job key and firing id its row holds");
    }

    @Test
    void withoutTheNodesIdBeginSaysWhatToDo() {
        String before = System.clearProperty(JobRun.NODE_ID_PROPERTY);
        try {
            assertThatThrownBy(() -> JobRun.begin(nodes, key, "n1-1"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("the system property fencecheck.node.id is null: run the node as fencecheck starts it, or pass"
                            + " the node's id to JobRun.begin");
        } finally {
            if (before != null) {
                System.setProperty(JobRun.NODE_ID_PROPERTY, before);
            }
        }
    }

    @Test
    void aRunWritesOnce() throws SQLException {
        fire(c, "n1-1");
        try (JobRun run = JobRun.begin(nodes, 1, key, "n1-1")) {
            run.writeLatest("r1");
            assertThatThrownBy(() -> run.writeUnfenced("r1")).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("a run writes once");
        }
    }

    @Test
    void aPlainInsertLetsARecoveredRunEmitTheBusinessKeyAgainAndTheCheckerFindsItTwice() throws SQLException {
        fire(c, "n1-1");
        fire(c, "n2-1");
        String businessKey = key + "@2030-01-01T00:00Z";
        long paused;
        long recovered;
        try (JobRun late = JobRun.begin(nodes, 1, key, "n1-1"); JobRun successor = JobRun.begin(nodes, 2, key, "n2-1")) {
            assertThat(successor.emitUnfenced(businessKey, "invoice 7")).isEqualTo(new Applied());
            assertThat(late.emitUnfenced(businessKey, "invoice 7")).isEqualTo(new Applied());
            paused = late.id();
            recovered = successor.id();
        }

        ClusterRecords records = recordsOf(key);
        assertThat(records.outbox()).extracting(OutboxRow::runId, OutboxRow::token, OutboxRow::fenced)
                .containsExactly(tuple(recovered, 2L, false), tuple(paused, 1L, false));
        Emit emit = records.emits().stream().filter(e -> e.runId() == paused).findFirst().orElseThrow();
        assertThat(emit.sink()).isEqualTo("unfenced");
        assertThat(emit.answer()).isEqualTo("Applied");
        assertThat(emit.invoke()).isLessThanOrEqualTo(emit.complete());
        ClusterVerdict verdict = ClusterVerdict.of(records, List.of(), new ClusterClaims(false));
        assertThat(verdict.findings()).extracting(ClusterFinding::kind, ClusterFinding::runs, ClusterFinding::words)
                .containsExactly(tuple(ClusterFinding.Kind.EXACTLY_ONCE_EFFECT, List.of(paused, recovered), "business key "
                        + businessKey + " took effect twice: by node 1, in run " + paused + " of job " + key + " with token 1,"
                        + " and by node 2's run " + recovered + " with token 2"));
    }

    @Test
    void theFencedOutboxRefusesTheStaleRunsEmitAndStoresEachBusinessKeyOnce() throws SQLException {
        fire(c, "n1-1");
        fire(c, "n2-1");
        String businessKey = key + "@2030-01-01T00:00Z";
        try (JobRun late = JobRun.begin(nodes, 1, key, "n1-1"); JobRun successor = JobRun.begin(nodes, 2, key, "n2-1")) {
            assertThat(successor.emit(businessKey, "invoice 7")).isEqualTo(new Applied());
            assertThat(successor.writeLatest("r2")).isEqualTo(new Applied());
            // a relay's retry of the same message, and a different message under its business key
            assertThat(successor.emit(businessKey, "invoice 7")).isEqualTo(new Replayed());
            assertThat(successor.emit(businessKey, "invoice 8")).isEqualTo(new Conflict());
            assertThat(late.emit(businessKey, "invoice 7")).isEqualTo(new Stale());
            assertThat(late.emit(key + "@other", "invoice 9")).isEqualTo(new Stale());
        }

        ClusterRecords records = recordsOf(key);
        assertThat(records.outbox()).extracting(OutboxRow::businessKey, OutboxRow::token, OutboxRow::payload, OutboxRow::fenced)
                .containsExactly(tuple(businessKey, 2L, "invoice 7", true));
        assertThat(records.emits()).extracting(Emit::sink, Emit::answer)
                .containsExactly(tuple("outbox", "Applied"), tuple("outbox", "Replayed"), tuple("outbox", "Conflict"),
                        tuple("outbox", "Stale"), tuple("outbox", "Stale"));
        ClusterVerdict verdict = ClusterVerdict.of(records, List.of(), new ClusterClaims(false));
        assertThat(verdict.findings()).isEmpty();
    }

    @Test
    void aBusinessKeyTheFormerRunEmittedBeforeTheTakeoverIsReplayedNotStoredAgain() throws SQLException {
        fire(c, "n1-1");
        String businessKey = key + "@2030-01-01T00:00Z";
        try (JobRun former = JobRun.begin(nodes, 1, key, "n1-1")) {
            assertThat(former.emit(businessKey, "invoice 7")).isEqualTo(new Applied());
        }
        fire(c, "n2-1");
        try (JobRun successor = JobRun.begin(nodes, 2, key, "n2-1")) {
            assertThat(successor.emit(businessKey, "invoice 7")).isEqualTo(new Replayed());
        }

        ClusterRecords records = recordsOf(key);
        assertThat(records.outbox()).hasSize(1);
        assertThat(ClusterVerdict.of(records, List.of(), new ClusterClaims(true)).passed()).isTrue();
    }

    @Test
    void aFencedEmitThatMeetsTheSameBusinessKeyCommittedMeanwhileAnswersByWhatWasStored() throws Exception {
        fire(c, "n1-1");
        String businessKey = key + "@2030-01-01T00:00Z";
        try (JobRun run = JobRun.begin(nodes, 1, key, "n1-1"); JobRun other = JobRun.begin(nodes, 1, key, "n1-1");
             Connection racer = Databases.shared().connectRealTime()) {
            // another session's fenced message of the key, not yet committed: the emit waits on the outbox's unique index
            racer.setAutoCommit(false);
            try (PreparedStatement s = racer.prepareStatement("insert into fencecheck_kit_outbox (job_key, business_key, token,"
                    + " payload, run_id, fenced, stored) values (?, ?, 1, 'invoice 7', ?, true, clock_timestamp())")) {
                s.setString(1, key);
                s.setString(2, businessKey);
                s.setLong(3, other.id());
                s.executeUpdate();
            }
            CompletableFuture<WriteOutcome> same = CompletableFuture.supplyAsync(() -> {
                try {
                    return run.emit(businessKey, "invoice 7");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            // it cannot answer before the other session commits, whatever the timing
            assertThat(same).isNotDone();
            racer.commit();
            assertThat(same.get(30, TimeUnit.SECONDS)).isEqualTo(new Replayed());
            assertThat(run.emit(businessKey, "invoice 8")).isEqualTo(new Conflict());
        }
        assertThat(recordsOf(key).outbox()).hasSize(1);
    }

    @Test
    void anEmitAfterTheEndIsRefused() throws SQLException {
        fire(c, "n1-1");
        JobRun run = JobRun.begin(nodes, 1, key, "n1-1");
        run.end();
        assertThatThrownBy(() -> run.emit("k", "p")).isInstanceOf(IllegalStateException.class)
                .hasMessage("run " + run.id() + " of job " + key + " has ended: emit before end()");
    }

    /** The records of one job key: the shared database holds other tests' too. */
    private ClusterRecords recordsOf(String jobKey) throws SQLException {
        ClusterRecords all = ClusterRecords.read(c);
        List<Run> runs = all.runs().stream().filter(r -> r.jobKey().equals(jobKey)).toList();
        List<Long> ids = runs.stream().map(Run::id).toList();
        return new ClusterRecords(runs, all.firings().stream().filter(f -> f.jobKey().equals(jobKey)).toList(),
                all.finalRows().stream().filter(r -> r.jobKey().equals(jobKey)).toList(),
                all.emits().stream().filter(e -> ids.contains(e.runId())).toList(),
                all.outbox().stream().filter(o -> o.jobKey().equals(jobKey)).toList());
    }

    private void fire(Connection on, String entryId) throws SQLException {
        try (PreparedStatement s = on.prepareStatement("insert into " + tables.firedTriggers + " (sched_name, entry_id, trigger_name,"
                + " trigger_group, instance_name, fired_time, sched_time, priority, state, job_name, job_group, is_nonconcurrent,"
                + " requests_recovery) values ('cluster', ?, 't', 'tg', 'node', 0, 0, 5, 'EXECUTING', 'report', ?, true, true)")) {
            s.setString(1, entryId);
            s.setString(2, group);
            s.executeUpdate();
        }
    }

    private List<Run> runsOf(String jobKey) throws SQLException {
        return ClusterRecords.read(c).runs().stream().filter(r -> r.jobKey().equals(jobKey)).toList();
    }

    private ClusterRecords.FinalRow finalRowOf(String jobKey) throws SQLException {
        return ClusterRecords.read(c).finalRows().stream().filter(r -> r.jobKey().equals(jobKey)).findFirst().orElse(null);
    }
}
