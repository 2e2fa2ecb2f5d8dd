package fencecheck.run;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.db.TestBed;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A write that waits for another session's uncommitted write of the same
 * result: once that commits, the waiting write is answered from the row it
 * met (Replayed for the same payload, Conflict for another), though its own
 * statement's snapshot began before that row existed.
 */
class WriteRaceTest {

    /** The case a generated job trace found: a cross-key token written in a transaction, the same write waiting for it. */
    @Test
    void theSameLatestWriteMetAfterItsCommitIsReplayed_inATrace() {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("reference"))) {
            TryResult r = runner.run(Trace.of("reference", List.of(
                    Step.worker(3, new Action.Acquire("K1")),
                    Step.worker(1, new Action.Acquire("K2")),
                    Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(1, new Action.Begin()),
                    Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.OTHER_KEY, "r1", "done")),
                    Step.worker(3, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r1", "done")),
                    Step.worker(1, new Action.Commit()))));
            assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
            HistoryEntry waited = r.history().stream().filter(e -> e.resumed() && e.command() instanceof JobCommand.Write).findFirst()
                    .orElseThrow(() -> new AssertionError("the second write did not wait\n" + TraceTable.render(r)));
            assertThat(waited.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Replayed()));
        }
    }

    @Test
    void theSameWriteMetAfterItsCommitIsReplayed() throws Exception {
        assertThat(race(SinkKind.LATEST_TOKEN_WINS, "done")).isEqualTo(new Outcome.Replayed());
        assertThat(race(SinkKind.CURRENT_FENCE, "done")).isEqualTo(new Outcome.Replayed());
    }

    @Test
    void anotherPayloadMetAfterItsCommitIsAConflict() throws Exception {
        assertThat(race(SinkKind.LATEST_TOKEN_WINS, "other")).isEqualTo(new Outcome.Conflict());
        assertThat(race(SinkKind.CURRENT_FENCE, "other")).isEqualTo(new Outcome.Conflict());
    }

    /** Session a writes in a transaction; session b's same write waits for it; a commits; what b is answered. */
    private static Outcome race(SinkKind sink, String payloadOfB) throws Exception {
        LeaseProtocol reference = Implementations.select("reference");
        Database database = Databases.shared();
        TestBed bed = new TestBed(database, reference);
        try (Connection ca = database.connect(); Connection cb = database.connect();
             LeaseClient a = reference.client(ca); LeaseClient b = reference.client(cb)) {
            bed.reset(ca);
            UUID owner = UUID.randomUUID();
            Outcome granted = a.acquire("K1", owner, 10_000_000L);
            long token = ((Outcome.Granted) granted).token();
            ca.setAutoCommit(false);
            assertThat(a.write(sink, "K1", token, "r1", "done")).isEqualTo(new Outcome.Applied());
            CompletableFuture<Outcome> second = CompletableFuture.supplyAsync(() -> {
                try {
                    return b.write(sink, "K1", token, "r1", payloadOfB);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(200);
            assertThat(second).as("the second write waits for the first's row").isNotDone();
            ca.commit();
            ca.setAutoCommit(true);
            return second.get(10, TimeUnit.SECONDS);
        }
    }
}
