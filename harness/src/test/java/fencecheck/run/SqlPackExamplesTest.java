package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.db.TestBed;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The example SQL packs under {@code src/test/resources/packs/}, selected as
 * a user selects a pack and run through the one runner: one written in a
 * style of its own passes a short fixed trace, its known-buggy sibling
 * diverges at the stale write.
 */
class SqlPackExamplesTest {

    static final String EXAMPLE = "sql:classpath:/packs/leases-and-fences";
    static final String BUGGY_EXAMPLE = "sql:classpath:/packs/fence-admits-older-token";

    /** The stale write after a takeover is step 7. */
    static final int STALE_WRITE = 7;

    /**
     * A takeover at the exact expiry instant (the pack claims article B's
     * boundary), a stale write, writes in a transaction that rolls back, and a
     * release after which the released lease is taken at the same instant.
     */
    static final List<Step> TAKEOVER_THEN_STALE_WRITE = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, fenced("r1", "a")),
            Step.worker(1, new Action.Renew()),
            Step.clock(new Action.AdvanceToExpiry("K1", 0)),
            Step.worker(1, new Action.Renew()),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, fenced("r2", "late")),
            Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r2", "late")),
            Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r2", "b")),
            Step.worker(2, new Action.Begin()),
            Step.worker(2, fenced("r3", "b")),
            Step.worker(2, new Action.Rollback()),
            Step.worker(2, new Action.Release()),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, fenced("r4", "c")));

    private static Action.Write fenced(String resultId, String payload) {
        return new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, resultId, payload);
    }

    private static TryResult run(String implementation, List<Step> steps) {
        return FreshRunner.run(implementation, steps);
    }

    private static Outcome answerAt(TryResult r, int step) {
        HistoryEntry entry = r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT)
                .findFirst().orElseThrow(() -> new AssertionError("no statement at step " + step + "\n" + TraceTable.render(r)));
        return entry.observed() instanceof JobOutcome.Answered a ? a.outcome() : null;
    }

    @Test
    void theExamplePackInAStyleOfItsOwnAgreesWithTheModel() {
        TryResult result = run(EXAMPLE, TAKEOVER_THEN_STALE_WRITE);
        assertThat(result.passed()).as(result.verdict() + "\n" + TraceTable.render(result)).isTrue();
        assertThat(answerAt(result, 5)).as("renew at the exact expiry is refused under its boundary").isEqualTo(new Outcome.RenewRejected());
        assertThat(answerAt(result, 6)).isInstanceOf(Outcome.Granted.class);
        assertThat(answerAt(result, STALE_WRITE)).isEqualTo(new Outcome.Stale());
        assertThat(answerAt(result, 14)).as("a released lease is granted again at once, under the next token")
                .isEqualTo(new Outcome.Granted(3, 20_000_000));
        assertThat(answerAt(result, 15)).as("a write under the new grant's fence").isEqualTo(new Outcome.Applied());
    }

    @Test
    void itsKnownBuggySiblingDivergesAtTheStaleWrite() {
        TryResult result = run(BUGGY_EXAMPLE, TAKEOVER_THEN_STALE_WRITE);
        assertThat(result.passed()).isFalse();
        assertThat(result.divergent()).as(TraceTable.render(result)).isNotNull();
        assertThat(result.divergent().step()).isEqualTo(STALE_WRITE);
        assertThat(result.safetyFinding()).as("a stale write accepted is unsafe whatever conformance is claimed").isTrue();
        assertThat(result.verdict()).contains("safety finding at step 7")
                .contains("a write with token 1 accepted (Applied) where the reference answers Stale");
    }

    @Test
    void aLeaseOnlyPackIsNotGivenJobStatements() {
        LeaseProtocol example = Implementations.select(EXAMPLE);
        assertThat(example.name()).isEqualTo(EXAMPLE);
        assertThat(example.hasJobTransaction()).isFalse();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), example)) {
            assertThatThrownBy(() -> runner.run(Trace.of(EXAMPLE, List.of(Step.worker(1, new Action.Acquire("K1")),
                    Step.worker(1, new Action.Begin()), Step.worker(1, new Action.Claim())))))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has none");
        }
    }

    /**
     * reference-select-for-update's claim is a file of two statements: the
     * lock, then the conditioned update. Both run in the one call: a stale
     * job's refused claim still holds the row, so the new holder's renew waits
     * until the stale job rolls back (the reference's would not wait).
     */
    @Test
    void aFileOfTwoStatementsRunsBothInOneCall() {
        List<Step> staleClaimHoldsTheRow = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Begin()),
                Step.worker(1, new Action.Claim()),
                Step.worker(2, new Action.Renew()),
                Step.worker(1, new Action.Rollback()));
        TryResult locking = run("reference-select-for-update", staleClaimHoldsTheRow);
        assertThat(locking.passed()).as(locking.verdict() + "\n" + TraceTable.render(locking)).isTrue();
        assertThat(locking.history()).filteredOn(e -> e.step() == 6).anyMatch(HistoryEntry::isWait);
        TryResult reference = run("reference", staleClaimHoldsTheRow);
        assertThat(reference.history()).filteredOn(e -> e.step() == 6).noneMatch(HistoryEntry::isWait);
    }

    /** A schema the database refuses is one line: the file, and the database's first line. */
    @Test
    void aSchemaThatFailsIsOneLineWithTheDatabasesError(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("fencecheck.properties"), "name=broken\nextends=reference\n");
        Files.writeString(dir.resolve("schema.sql"), "create table if not exists broken_leases (job_key text primary key,);");
        LeaseProtocol broken = Implementations.select("sql:" + dir);
        assertThatThrownBy(() -> new TestBed(Databases.shared(), broken).install())
                .isInstanceOf(SQLException.class)
                .hasMessageNotContaining("\n")
                .hasMessageStartingWith(dir + "/schema.sql failed: ERROR: syntax error at or near \")\"")
                .hasMessageEndingWith("; fix it (it runs once per database, in the public schema)");
        try (TraceRunner runner = new TraceRunner(Databases.shared(), broken)) {
            assertThatThrownBy(() -> runner.run(Trace.of(broken.name(), List.of(Step.worker(1, new Action.Acquire("K1"))))))
                    .hasMessageNotContaining("\n").hasMessageContaining("schema.sql failed: ERROR: syntax error");
        }
    }
}
