package fencecheck.run;

import fencecheck.api.Check;
import fencecheck.api.Outcome;
import fencecheck.check.Invariant;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A split stops a call between two statements of its file while other actors
 * take their steps: a pack whose acquire checks in one statement and takes the
 * key in the next is caught, one whose every statement is atomic on its own
 * passes the same trace.
 */
class BetweenStatementsTest {

    /** Two statements, each atomic on its own: correct whatever runs between them. */
    static final String TWO_STATEMENTS = "sql:classpath:/packs/acquire-in-two-statements";
    /** Checks whether the key is free in one statement, takes it in the next on what it read. */
    static final String CHECK_THEN_ACT = "sql:classpath:/packs/acquire-check-then-act";

    /** w1's acquire stops after its first statement (the key is free then); w2 takes the key; w1's next step lets it go on. */
    static final List<Step> GRANT_BETWEEN_CHECK_AND_ACT = List.of(
            Step.nemesis(new Action.Split("w1", 1)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, new Action.Renew()),
            Step.worker(2, new Action.Renew()));

    private static TryResult run(String implementation, List<Step> steps) {
        return FreshRunner.run(implementation, steps);
    }

    private static List<HistoryEntry> acquiresOf(TryResult r, String actor) {
        return r.history().stream().filter(e -> e.kind() == HistoryEntry.Kind.STATEMENT && e.actor().equals(actor)
                && e.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire).toList();
    }

    /**
     * A call is judged at any instant of its life: w1's acquire reads the key held by w2, stops, w2 releases, and
     * w1's acquire answers Busy from what it read. At the end of the call the reference would grant; at its read
     * Busy was true, and a Busy changes nothing, so the steps judged meanwhile stand.
     */
    @Test
    void aBusyThatWasTrueWhenTheCallReadTheRowIsTheReferencesEvenAfterTheHolderReleased() {
        List<Step> readThenRelease = List.of(
                Step.worker(2, new Action.Acquire("K1")),
                Step.nemesis(new Action.Split("w1", 1)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.worker(2, new Action.Release()),
                Step.worker(1, new Action.Renew()),
                Step.worker(1, new Action.Acquire("K1")));
        TryResult r = run(CHECK_THEN_ACT, readThenRelease);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isTrue();
        assertThat(acquiresOf(r, "w1")).as(table).hasSize(2).first().satisfies(busy -> {
            assertThat(busy.step()).isEqualTo(5);
            assertThat(busy.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy()));
            assertThat(busy.action()).contains("answered from the rows it read before it stopped");
        });
        assertThat(acquiresOf(r, "w1").get(1).observed()).as("the key is free now: " + table)
                .isInstanceOfSatisfying(JobOutcome.Answered.class, a -> assertThat(a.outcome()).isInstanceOf(Outcome.Granted.class));
    }

    @Test
    void aGrantBetweenTheCheckAndTheActIsOverwritten() {
        TryResult r = run(CHECK_THEN_ACT, GRANT_BETWEEN_CHECK_AND_ACT);
        String table = r.verdict() + "\n" + TraceTable.render(r);
        assertThat(r.passed()).as(table).isFalse();
        assertThat(r.divergent()).as(table).isNotNull();
        assertThat(r.divergent().step()).as("w1's acquire goes on at its next step and takes the key from w2: " + table).isEqualTo(4);
        assertThat(r.divergent().expected()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy()));
        assertThat(r.divergent().observed()).isInstanceOfSatisfying(JobOutcome.Answered.class,
                a -> assertThat(a.outcome()).isEqualTo(new Outcome.Granted(2, 10_000_000)));
        assertThat(r.violations()).as("two owners hold K1 at once: " + table)
                .anyMatch(v -> v.invariant() == Invariant.MUTUAL_EXCLUSION);
        assertThat(r.situations()).contains(Situation.BETWEEN_STATEMENTS);
        assertThat(r.history()).anyMatch(e -> e.kind() == HistoryEntry.Kind.BETWEEN && e.actor().equals("w1")
                && e.action().contains("after statement 1 of 2 of"));
    }

    @Test
    void theSameInterleavingPassesWhenEveryStatementIsAtomicOnItsOwn() {
        TryResult r = run(TWO_STATEMENTS, GRANT_BETWEEN_CHECK_AND_ACT);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(acquiresOf(r, "w1")).singleElement()
                .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy())));
        assertThat(acquiresOf(r, "w2")).singleElement()
                .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(1, 10_000_000))));
        assertThat(r.situations()).contains(Situation.BETWEEN_STATEMENTS);
    }

    @Test
    void withoutTheSplitTheBuggyPackAnswersAsTheReference() {
        List<Step> noSplit = GRANT_BETWEEN_CHECK_AND_ACT.subList(1, GRANT_BETWEEN_CHECK_AND_ACT.size());
        TryResult r = run(CHECK_THEN_ACT, noSplit);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(r.situations()).doesNotContain(Situation.BETWEEN_STATEMENTS);
    }

    @Test
    void aCallStillStoppedWhenTheTraceEndsGoesOnAndIsJudged() {
        TryResult buggy = run(CHECK_THEN_ACT, GRANT_BETWEEN_CHECK_AND_ACT.subList(0, 3));
        assertThat(buggy.passed()).as(TraceTable.render(buggy)).isFalse();
        assertThat(buggy.divergent().step()).as("the step after the last").isEqualTo(4);
        TryResult correct = run(TWO_STATEMENTS, GRANT_BETWEEN_CHECK_AND_ACT.subList(0, 3));
        assertThat(correct.passed()).as(correct.verdict() + "\n" + TraceTable.render(correct)).isTrue();
        assertThat(acquiresOf(correct, "w1")).hasSize(1);
    }

    /** A dead incarnation's stopped call goes with its connection: its second statement never runs, and nothing is judged. */
    @Test
    void theStoppedCallOfARestartedWorkerIsDropped() {
        List<Step> steps = List.of(
                Step.nemesis(new Action.Split("w1", 1)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Restart("w1", false)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Acquire("K1")));
        for (String pack : List.of(TWO_STATEMENTS, CHECK_THEN_ACT)) {
            TryResult r = run(pack, steps);
            String table = pack + ": " + r.verdict() + "\n" + TraceTable.render(r);
            assertThat(r.passed()).as(table).isTrue();
            assertThat(acquiresOf(r, "w1")).as(table).isEmpty();
            assertThat(r.history()).as(table).anyMatch(e -> e.step() == 3 && e.kind() == HistoryEntry.Kind.FAULT && e.resumed()
                    && e.actor().equals("w1") && e.action().contains("remaining statements never run"));
            assertThat(acquiresOf(r, "w2")).singleElement().as(table)
                    .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Granted(1, 10_000_000))));
            assertThat(acquiresOf(r, "w1.2")).singleElement().as(table)
                    .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy())));
            assertThat(r.situations()).doesNotContain(Situation.BETWEEN_STATEMENTS);
        }
    }

    /** A zombie's stopped call stays stopped while it is paused, and goes on when the zombie acts. */
    @Test
    void aZombiesStoppedCallGoesOnWhenItActs() {
        List<Step> steps = new ArrayList<>(List.of(
                Step.nemesis(new Action.Split("w1", 1)),
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Restart("w1", true)),
                Step.worker(2, new Action.Acquire("K1")),
                Step.zombie(1, new Action.Renew()),
                Step.nemesis(new Action.Resume("z1")),
                Step.zombie(1, new Action.Renew())));
        TryResult buggy = run(CHECK_THEN_ACT, steps);
        assertThat(buggy.passed()).as(TraceTable.render(buggy)).isFalse();
        assertThat(buggy.divergent().step()).as(TraceTable.render(buggy)).isEqualTo(7);
        TryResult correct = run(TWO_STATEMENTS, steps);
        assertThat(correct.passed()).as(correct.verdict() + "\n" + TraceTable.render(correct)).isTrue();
    }

    /** The reference's files hold one statement each: a split has nowhere to stop, and nothing says it did. */
    @Test
    void aFileOfOneStatementIgnoresTheSplit() {
        TryResult r = run("reference", GRANT_BETWEEN_CHECK_AND_ACT);
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
        assertThat(r.history()).noneMatch(e -> e.kind() == HistoryEntry.Kind.BETWEEN);
        assertThat(r.situations()).doesNotContain(Situation.BETWEEN_STATEMENTS);
        assertThat(acquiresOf(r, "w2")).singleElement()
                .satisfies(e -> assertThat(e.observed()).isEqualTo(new JobOutcome.Answered(new Outcome.Busy())));
    }

    @Test
    void onlyAPackWithAFileOfSeveralStatementsStopsBetweenThem() {
        assertThat(SqlLeaseProtocol.reference().stopsBetweenStatements()).isFalse();
        assertThat(Implementations.select(TWO_STATEMENTS).stopsBetweenStatements()).isTrue();
        assertThat(Situation.floored(Check.LEASES, SqlLeaseProtocol.reference())).doesNotContain(Situation.BETWEEN_STATEMENTS);
        assertThat(Situation.floored(Check.LEASES, Implementations.select(TWO_STATEMENTS))).contains(Situation.BETWEEN_STATEMENTS);
    }
}
