package fencecheck.run;

import fencecheck.api.Boundary;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.check.Invariant;
import fencecheck.check.Invariants;
import fencecheck.check.Violation;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The checkers see a job's claim and its fenced writes when its transaction commits, and never when it rolls back. */
class CheckedEventsTest {

    private final List<HistoryEntry> history = new ArrayList<>();

    private long now;

    private void seen(String session, JobCommand command, JobOutcome observed) {
        history.add(new HistoryEntry(history.size() + 1, HistoryEntry.Kind.STATEMENT, false, session, "", command, now, observed, observed, null, null, null, null));
    }

    private void grantsAndATakeoverBeforeTheCommit(JobCommand ending, JobOutcome ended) {
        seen("w1", new JobCommand.LeaseOperation("w1", new Command.Acquire("K1", "w1", 10)), new JobOutcome.Answered(new Outcome.Granted(1, 10)));
        seen("w1", new JobCommand.Begin("w1"), new JobOutcome.Begun());
        seen("w1", new JobCommand.Claim("w1", "K1", 1), new JobOutcome.Claimed(1));
        seen("w1", new JobCommand.Write("w1", new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", "p")),
                new JobOutcome.Answered(new Outcome.Applied()));
        now = 11;
        seen("w2", new JobCommand.LeaseOperation("w2", new Command.Acquire("K1", "w2", 10)), new JobOutcome.Answered(new Outcome.Granted(2, 21)));
        seen("w1", ending, ended);
    }

    @Test
    void aJobThatCommitsAfterANewerGrantIsAStaleAcceptanceAtItsCommit() {
        grantsAndATakeoverBeforeTheCommit(new JobCommand.Commit("w1"), new JobOutcome.Committed());

        List<Violation> violations = Invariants.check(CheckedEvents.of(history).events(), Boundary.INCLUSIVE);

        assertThat(violations).extracting(Violation::invariant).containsOnly(Invariant.NO_STALE_ACCEPTANCE);
        assertThat(violations).extracting(Violation::step).containsOnly(6);
        assertThat(violations).hasSize(2);
    }

    /**
     * A statement of a job loses its request: the client drops its connection and the job is gone, so a write
     * the worker sends next is on its own and acknowledged at once (the case a generated trace found).
     */
    @Test
    void aWriteAfterAJobLostInTheNetworkIsOnItsOwn() {
        seen("w1", new JobCommand.LeaseOperation("w1", new Command.Acquire("K1", "w1", 10)), new JobOutcome.Answered(new Outcome.Granted(1, 10)));
        seen("w1", new JobCommand.Begin("w1"), new JobOutcome.Begun());
        history.add(new HistoryEntry(history.size() + 1, HistoryEntry.Kind.STATEMENT, false, "w1", "", new JobCommand.Claim("w1", "K1", 1),
                now, null, null, "K1", null, null, null, "REQUEST_LOST"));
        seen("w1", new JobCommand.Write("w1", new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", "p")),
                new JobOutcome.Answered(new Outcome.Applied()));

        assertThat(CheckedEvents.of(history).events()).extracting(e -> e.command())
                .filteredOn(c -> c instanceof Command.Write).as("the write, acknowledged at once").hasSize(1);
    }

    /**
     * A release runs and its answer is lost; another worker then takes the lease. The release ended the first claim
     * though nobody heard of it: no mutual-exclusion finding (an example project's run once reported one).
     */
    @Test
    void aReleaseWhoseAnswerWasLostAfterItRanEndsItsHoldersClaim() {
        seen("w1", new JobCommand.LeaseOperation("w1", new Command.Acquire("K1", "w1", 10)), new JobOutcome.Answered(new Outcome.Granted(1, 10)));
        now = 2;
        history.add(new HistoryEntry(history.size() + 1, HistoryEntry.Kind.STATEMENT, false, "w1", "",
                new JobCommand.LeaseOperation("w1", new Command.Release("K1", "w1", 1)), now,
                new JobOutcome.Answered(new Outcome.Released()), null, "K1", null, null, null, "RESPONSE_LOST"));
        now = 3;
        seen("w2", new JobCommand.LeaseOperation("w2", new Command.Acquire("K1", "w2", 10)), new JobOutcome.Answered(new Outcome.Granted(2, 13)));

        assertThat(Invariants.check(CheckedEvents.of(history).events(), Boundary.INCLUSIVE)).isEmpty();
        assertThat(CheckedEvents.of(history).events()).extracting(e -> e.command()).anyMatch(c -> c instanceof Command.Release);
    }

    @Test
    void aJobThatRollsBackAcceptedNothing() {
        grantsAndATakeoverBeforeTheCommit(new JobCommand.Rollback("w1"), new JobOutcome.RolledBack());

        assertThat(Invariants.check(CheckedEvents.of(history).events(), Boundary.INCLUSIVE)).isEmpty();
        assertThat(CheckedEvents.of(history).events()).extracting(e -> e.command()).noneMatch(c -> c instanceof Command.Write);
    }

    @Test
    void deliveriesAreTakenFromTheRelaysAnswers() {
        seen("relay", new JobCommand.Relay(true), new JobOutcome.Delivered("K1", "r1", true, false));
        seen("relay", new JobCommand.Redeliver(), new JobOutcome.Delivered("K1", "r1", false, false));
        seen("relay", new JobCommand.Relay(false), new JobOutcome.NothingToDeliver());

        assertThat(CheckedEvents.of(history).deliveries()).extracting(d -> d.effect()).containsExactly(true, false);
    }
}
