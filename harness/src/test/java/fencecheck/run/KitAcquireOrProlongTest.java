package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.findings.FindingKinds;
import fencecheck.protocol.Implementations;
import fencecheck.realtime.RealTimeRun;
import fencecheck.realtime.RealTimeSettings;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lock library whose extend is "acquire or prolong" ({@code packs/kit-acquire-or-prolong}): the row changes the same
 * way when a holder takes its ended lease again and when it extends a held one, so no column tells a new lease apart,
 * and the kit numbers a change by the call that made it. The holder's own re-take after its lease ended is a new lease
 * under the next token; its re-acquire of a valid lease keeps its token; a renew never moves the fence, so a renew that
 * took an ended lease is judged as the revival it is: a note where nobody held the name meanwhile, and, for the same
 * library with its extend unguarded, a safety finding where another worker did.
 */
class KitAcquireOrProlongTest {

    static final String PROLONG = "sql:classpath:/packs/kit-acquire-or-prolong";
    static final String UNGUARDED = "sql:classpath:/packs/kit-acquire-or-prolong-unguarded";

    /** w2 holds K1 and lets it end; w1 takes it and lets it end too; then w2 renews. */
    static final List<Step> RENEW_AFTER_ANOTHER_HELD = List.of(
            Step.worker(2, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Renew()));

    private static Action.Write fenced(String resultId, String payload) {
        return new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, resultId, payload);
    }

    @Test
    void theHoldersReacquireKeepsItsTokenAndItsRetakeAfterTheEndTakesTheNext() {
        TryResult r = FreshRunner.run(PROLONG, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, fenced("r1", "a")),
                Step.clock(new Action.AdvanceBy(1_000_000)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, fenced("r2", "b")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(1, fenced("r3", "c")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.ABOVE_FENCE, "r4", "d"))));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(KitPacksTest.answerAt(r, 4)).as("a re-acquire of the valid lease, which the library prolongs")
                .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(1));
        assertThat(KitPacksTest.answerAt(r, 5)).isEqualTo(new Outcome.Applied());
        assertThat(KitPacksTest.answerAt(r, 7)).as("the same holder's acquire after its lease ended: a new lease")
                .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
        assertThat(KitPacksTest.answerAt(r, 8)).isEqualTo(new Outcome.Applied());
        assertThat(KitPacksTest.answerAt(r, 9)).as("a token above the fence").isEqualTo(new Outcome.Forged());
        assertThat(r.notes()).as("only the prolonged re-acquire differs from the reference")
                .extracting(TryResult::note).singleElement().asString().contains("a re-grant").contains("longer than");
    }

    @Test
    void aRenewThatRevivesTheHoldersEndedLeaseKeepsItsTokenAndIsANote() {
        TryResult r = FreshRunner.run(PROLONG, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(1, new Action.Renew()),
                Step.worker(1, fenced("r1", "a")),
                Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.ABOVE_FENCE, "r2", "b")),
                Step.worker(2, new Action.Acquire("K1"))));
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(KitPacksTest.answerAt(r, 3)).isInstanceOf(Outcome.Renewed.class);
        assertThat(KitPacksTest.answerAt(r, 4)).as("the holder's write under the token it was granted").isEqualTo(new Outcome.Applied());
        assertThat(KitPacksTest.answerAt(r, 5)).as("no grant moved the fence: a token above it was never granted")
                .isEqualTo(new Outcome.Forged());
        assertThat(KitPacksTest.answerAt(r, 6)).as("the revived lease holds").isEqualTo(new Outcome.Busy());
        assertThat(r.notes()).extracting(TryResult::note).singleElement().asString()
                .contains("renew").contains("revives it (nobody was granted the key meanwhile)");
    }

    @Test
    void aGuardedRenewAfterAnotherWorkerHeldTheNameIsRefused() {
        TryResult r = FreshRunner.run(PROLONG, RENEW_AFTER_ANOTHER_HELD);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(KitPacksTest.answerAt(r, 5)).isEqualTo(new Outcome.RenewRejected());
        assertThat(r.notes()).as(r.verdict()).isEmpty();
    }

    @Test
    void anUnguardedRenewAfterAnotherWorkerHeldTheNameIsTheOneSafetyFinding() {
        TryResult r = FreshRunner.run(UNGUARDED, RENEW_AFTER_ANOTHER_HELD);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.safetyFinding()).as(table).isTrue();
        assertThat(r.divergent().step()).as("the renew: " + table).isEqualTo(5);
        assertThat(KitPacksTest.answerAt(r, 5)).as(table).isInstanceOf(Outcome.Renewed.class);
        assertThat(r.divergent().difference()).as(table).contains("answered Renewed").contains("token 2 was granted to w1 since");
        assertThat(FindingKinds.of(r)).as(table).hasSize(1);
        assertThat(KitPacksTest.answerAt(r, 3)).isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(2));
    }

    /**
     * In real time (four workers on two keys, every fault on) the library passes: whatever the threads' timing, its
     * only differences from the reference are the two it has, the prolonged re-acquire and the revival.
     */
    @Test
    void inRealTimeItPassesWithNoOtherDifferenceThanItsTwo() throws Exception {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), Implementations.select(PROLONG),
                RealTimeSettings.quick(2_000, 31), Conformance.SAFETY);
        assertThat(r.history().operations()).as("a run that did something").hasSizeGreaterThan(20);
        assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
        assertThat(r.notes()).allSatisfy(n -> assertThat(n.kind()).containsAnyOf("a re-grant", "revives it"));
    }

    /**
     * The kit's mark of which call runs is no statement of the library's: a lost answer aimed at a renew's first
     * statement meets the library's update, which ran (the renewed lease then keeps w2 out past its old end).
     */
    @Test
    void aFaultAimedAtTheFirstStatementOfACallMeetsTheLibrarysStatement() {
        TryResult r;
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(PROLONG), true)) {
            r = runner.run(Trace.of(PROLONG, List.of(
                    Step.worker(1, new Action.Acquire("K1")),
                    Step.clock(new Action.AdvanceBy(Trace.DEFAULT_LEASE_TTL / 2)),
                    Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST, 1)),
                    Step.worker(1, new Action.Renew()),
                    Step.clock(new Action.AdvanceBy(Trace.DEFAULT_LEASE_TTL / 2 + 1)),
                    Step.worker(2, new Action.Acquire("K1")))));
        }
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(r.history()).as(TraceTable.render(r)).anyMatch(e -> e.step() == 4 && e.kind() == HistoryEntry.Kind.STATEMENT
                && e.action().contains("the answer of its statement 1 (UPDATE) is lost"));
        assertThat(KitPacksTest.answerAt(r, 6)).as("the lost renew ran: " + TraceTable.render(r)).isEqualTo(new Outcome.Busy());
    }

    /**
     * Outside fencecheck nobody marks the calls, and the trigger goes by the row alone: with {@code changed-or-ended},
     * the same statement reviving an ended lease moves the fence, so the holder's older token is fenced out, never in.
     */
    @Test
    void unmarkedTheSameRevivalMovesTheFenceWhichFencesTheOldTokenOut() throws SQLException {
        LeaseProtocol leases = Implementations.select(PROLONG);
        UUID holder = UUID.randomUUID();
        try (Connection c = Databases.shared().connectRealTime()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
            try (LeaseClient client = leases.client(c)) {
                Outcome.Granted brief = (Outcome.Granted) client.acquire("K1", holder, 1);
                try (Statement s = c.createStatement()) {
                    // the session as the library outside fencecheck has it: no call marked
                    s.execute("select set_config('fencecheck_kit.call', '', false)");
                }
                try (PreparedStatement revive = c.prepareStatement("update kit_prolong_locks set holder = ?::uuid,"
                        + " lease_until = clock_timestamp() + interval '1 minute' where name = 'K1' and holder = ?::uuid"
                        + " and lease_until < clock_timestamp()")) {
                    revive.setString(1, holder.toString());
                    revive.setString(2, holder.toString());
                    assertThat(revive.executeUpdate()).as("the lease of a microsecond has ended").isEqualTo(1);
                }
                assertThat(fence(c)).as("an unmarked revival of a lease whose end has passed").isEqualTo(brief.token() + 1);
                assertThat(client.write(SinkKind.CURRENT_FENCE, "K1", brief.token(), "r1", "late")).isEqualTo(new Outcome.Stale());
            } finally {
                leases.deleteAllRows(c);
            }
        }
    }

    private static long fence(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select token from fencecheck_kit_fences where lock_name = 'K1'");
             ResultSet rs = s.executeQuery()) {
            assertThat(rs.next()).as("a fence for K1").isTrue();
            return rs.getLong(1);
        }
    }
}
