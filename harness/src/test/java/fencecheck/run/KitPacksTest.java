package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.kit.KitSql;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.SqlPack;
import fencecheck.protocol.pack.SqlPacks;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Packs that bring only a lock library (schema, acquire, renew, release) and the kit's settings: the kit's token,
 * sinks, inspect and reset make them checkable, in form (a) and form (b); the same pack whose fence moves after the
 * acquire committed is caught.
 */
class KitPacksTest {

    static final String FENCE_ROW = "sql:classpath:/packs/kit-fence-row";
    static final String TRIGGER = "sql:classpath:/packs/kit-trigger";

    /** A takeover, the old holder's late writes to both sinks, writes rolled back, a release and a new grant. */
    static final List<Step> TAKEOVER_THEN_STALE_WRITES = List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, fenced("r1", "a")),
            Step.worker(1, new Action.Renew()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(1, new Action.Renew()),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, fenced("r2", "late")),
            Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r2", "late")),
            Step.worker(2, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r2", "b")),
            Step.worker(1, new Action.Write(SinkKind.LATEST_TOKEN_WINS, TokenSource.HELD, "r3", "later")),
            Step.worker(2, new Action.Begin()),
            Step.worker(2, fenced("r3", "b")),
            Step.worker(2, new Action.Rollback()),
            Step.worker(2, fenced("r3", "b")),
            Step.worker(2, fenced("r3", "b")),
            Step.worker(2, new Action.Release()),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(1, fenced("r4", "c")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.ABOVE_FENCE, "r5", "d")));

    /**
     * w2's acquire stops after its first statement; its lease expires meanwhile, and w3 takes K1; then w2's acquire
     * goes on. Where the library's grant and the kit's fence are one transaction, w3 waits for w2's to end and then
     * finds its lease expired, taking it under the next token; where they are two, w3's grant takes the fence first
     * and w2's acquire, going on, answers a grant under a token above the lease w3 holds, which then is refused.
     */
    static final List<Step> GRANT_BETWEEN_GRANT_AND_FENCE = List.of(
            Step.nemesis(new Action.Split("w2", 1)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(10_000_001)),
            Step.worker(3, new Action.Acquire("K1")),
            Step.worker(2, fenced("r1", "late")),
            Step.worker(3, fenced("r2", "b")));

    private static Action.Write fenced(String resultId, String payload) {
        return new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, resultId, payload);
    }

    /** kit-fence-row with its acquire committed before the kit's fence moves, in a statement of its own. */
    static SqlLeaseProtocol fenceOutsideTheAcquire() {
        return new SqlLeaseProtocol("kit-fence-outside-acquire", SqlPacks.load("classpath:/packs/kit-fence-row")) {
            @Override
            protected boolean advancesFenceInAcquireTransaction() {
                return false;
            }

            @Override
            public boolean stopsBetweenStatements() {
                return true;
            }
        };
    }

    private static TryResult run(SqlLeaseProtocol protocol, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            return runner.run(Trace.of(protocol.name(), steps));
        }
    }

    static Outcome answerAt(TryResult r, int step) {
        HistoryEntry entry = r.history().stream().filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT)
                .reduce((first, last) -> last)
                .orElseThrow(() -> new AssertionError("no statement at step " + step + "\n" + TraceTable.render(r)));
        return entry.observed() instanceof JobOutcome.Answered a ? a.outcome() : null;
    }

    @Test
    void aPackOfTheLibraryAloneTakesTheSinksInspectAndResetFromTheKit() {
        for (String name : List.of(FENCE_ROW, TRIGGER)) {
            SqlPack pack = SqlPacks.load(name.substring(SqlPacks.PREFIX.length()));
            assertThat(pack.kit()).as(name).isPresent();
            for (Operation kitOwn : List.of(Operation.WRITE_LATEST, Operation.WRITE_FENCED, Operation.INSPECT, Operation.DELETE_ALL,
                    Operation.STORED_LATEST, Operation.STORED_FENCED)) {
                assertThat(pack.file(kitOwn).origin()).as(name + " " + kitOwn).isEqualTo(SqlPacks.CLASSPATH + KitSql.SINKS);
            }
            for (Operation library : List.of(Operation.SCHEMA, Operation.ACQUIRE, Operation.RENEW, Operation.RELEASE)) {
                assertThat(pack.file(library).origin()).as(name + " " + library).contains("/packs/kit-");
            }
        }
    }

    @Test
    void formAFencesEveryGrantOfALibraryWithoutAToken() {
        TryResult r = FreshRunner.run(FENCE_ROW, TAKEOVER_THEN_STALE_WRITES);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(answerAt(r, 6)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
        assertThat(answerAt(r, 7)).as("the old holder's fenced write after the takeover").isEqualTo(new Outcome.Stale());
        assertThat(answerAt(r, 10)).as("the old holder's latest-token write after the new holder's").isEqualTo(new Outcome.Stale());
        assertThat(answerAt(r, 17)).as("a released lock is granted under the next token")
                .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(3));
        assertThat(answerAt(r, 19)).as("a token above the fence").isEqualTo(new Outcome.Forged());
    }

    @Test
    void formBFencesEveryNewLeaseAndKeepsTheTokenOfALeaseGrantedAgain() {
        TryResult r = FreshRunner.run(TRIGGER, TAKEOVER_THEN_STALE_WRITES);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(answerAt(r, 7)).isEqualTo(new Outcome.Stale());
        TryResult again = FreshRunner.run(TRIGGER, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, fenced("r1", "a"))));
        assertThat(again.passed()).as(again.verdict() + "\n" + TraceTable.render(again)).isTrue();
        assertThat(answerAt(again, 2)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(1));
        assertThat(answerAt(again, 3)).isEqualTo(new Outcome.Applied());
    }

    @Test
    void aFenceAdvancedOutsideTheAcquiresTransactionIsCaught() {
        TryResult r = run(fenceOutsideTheAcquire(), GRANT_BETWEEN_GRANT_AND_FENCE);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isFalse();
        assertThat(r.safetyFinding()).as(table).isTrue();
        assertThat(r.verdict()).as("w2's grant goes on after w3 took K1: " + table).contains("mutual exclusion broken");
    }

    @Test
    void theSameTracePassesWhereTheFenceMovesInTheAcquiresTransaction() {
        TryResult r = FreshRunner.run(FENCE_ROW, GRANT_BETWEEN_GRANT_AND_FENCE);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
    }
}
