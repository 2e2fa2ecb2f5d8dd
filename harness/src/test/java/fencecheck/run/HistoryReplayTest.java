package fencecheck.run;

import fencecheck.api.Conformance;
import fencecheck.db.Databases;
import fencecheck.job.JobState;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Judging is a function of the history: the events a try appended, replayed through the judge from the model's first
 * state, give the model's state after every step the runner kept and the state the try ended in; and the entries the
 * result holds are the events' views. Tried on traces with waits, a job transaction and the relay, a split, lost
 * answers the rows settle, and a database crash.
 */
class HistoryReplayTest {

    /** w1's acquire answer is lost; the rows settle that it ran; w2 is refused; the database crashes; w2 tries again. */
    static final List<Step> LOST_ANSWER_THEN_CRASH = List.of(
            Step.nemesis(new Action.Network("w1", NetworkFault.RESPONSE_LOST, 1)),
            Step.worker(1, new Action.Acquire("K1")),
            Step.worker(2, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceBy(1_000)),
            Step.nemesis(new Action.CrashDatabase()),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Acquire("K1")));

    private static TryExecution.Tried tried(String implementation, Conformance level, boolean throughFaultProxies, List<Step> steps) {
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select(implementation), throughFaultProxies,
                level)) {
            return runner.tried(Trace.of(implementation, steps));
        }
    }

    /** Replays the events and compares the states with the runner's; gives the kinds of events the try had. */
    private static List<Class<?>> replaysToTheRunnersStates(TryExecution.Tried t) {
        Judge judge = new Judge(t.model());
        List<TryEvent> events = t.events();
        JobState first = t.model().init(0);
        List<JobState> replayed = judge.replay(first, events);
        String table = TraceTable.render(t.result());

        assertThat(t.result().modelStates()).as(table).isNotEmpty();
        for (ModelState kept : t.result().modelStates()) {
            JobState s = first;
            for (int i = 0; i < events.size(); i++) {
                if (events.get(i).step() <= kept.step()) {
                    s = replayed.get(i);
                }
            }
            assertThat(ModelState.of(kept.step(), s)).as("the model's state after step %d\n%s", kept.step(), table).isEqualTo(kept);
        }
        assertThat(replayed.getLast()).as(table).isEqualTo(t.end().model());
        assertThat(t.result().history()).isEqualTo(events.stream().map(TryEvent::entry).toList());
        return events.stream().<Class<?>>map(Object::getClass).distinct().toList();
    }

    @Test
    void aJobTransactionWithAWaitAndTheRelayReplays() {
        TryExecution.Tried t = tried("reference", Conformance.SAFETY, false, JobRunnerTest.TAKEOVER_WAITS_FOR_OPEN_JOB);
        assertThat(t.result().passed()).isTrue();
        assertThat(replaysToTheRunnersStates(t)).contains(TryEvent.Answered.class, TryEvent.Relayed.class, TryEvent.ClockMoved.class);
    }

    @Test
    void aRollbackInsideATransactionReplays() {
        TryExecution.Tried t = tried("reference", Conformance.SAFETY, false, LeaseInTransactionTest.RENEW_INSIDE_THEN_ROLLBACK);
        assertThat(replaysToTheRunnersStates(t)).contains(TryEvent.Answered.class);
    }

    @Test
    void aCallASplitStoppedReplays() {
        TryExecution.Tried t = tried(BetweenStatementsTest.TWO_STATEMENTS, Conformance.SAFETY, false,
                BetweenStatementsTest.GRANT_BETWEEN_CHECK_AND_ACT);
        assertThat(replaysToTheRunnersStates(t)).contains(TryEvent.Stopped.class);
    }

    @Test
    void lostAnswersTheRowsSettleAndACrashReplay() {
        TryExecution.Tried t = tried("reference", Conformance.SAFETY, true, LOST_ANSWER_THEN_CRASH);
        assertThat(replaysToTheRunnersStates(t)).contains(TryEvent.Unanswered.class, TryEvent.Restarted.class);
    }

    @Test
    void anAdmissibleEffectTheRowsSettleReplays() {
        TryExecution.Tried t = tried(ConformanceLevelsTest.CONSERVATIVE, Conformance.SAFETY, true,
                ConformanceLevelsTest.REVIVED_ANSWER_LOST);
        assertThat(t.result().notes()).isNotEmpty();
        assertThat(replaysToTheRunnersStates(t)).contains(TryEvent.Unanswered.class);
    }
}
