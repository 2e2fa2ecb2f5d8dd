package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.job.JobState;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement started and not yet judged: answered and not yet collected, waiting for a lock, held by the
 * network, or stopped between two statements of its file by a split.
 */
final class Running {
    final String action;
    final JobCommand command;
    final long startedAt;
    /** In which order the try's statements started, so answers released together are judged oldest first. */
    final long sequence;
    /** Under the strict check, whether the reference would wait here; null when waits are only observed. */
    final Boolean referenceWaits;
    /** The database answers, but the answer never reaches the worker (a lost grant receipt). */
    final boolean answerLost;
    boolean waited;
    /** The network holds it: it has not reached the database yet. */
    boolean held;
    /** A split stops it between two statements of its file; null when it runs through. */
    StatementGate gate;
    /** Whether the history says already that it stopped between statements. */
    boolean stopNoted;
    /**
     * The model's states between the steps that ran while a split kept it between its statements, oldest first:
     * its first statement may have read the rows in any of them.
     */
    private final List<JobState> livedThrough = new ArrayList<>(0);
    /** The clocks set while it was in flight: a statement that waited may read the clock when it goes on. */
    private final List<Long> laterClocks = new ArrayList<>(0);

    Running(String action, JobCommand command, long startedAt, long sequence, Boolean referenceWaits, boolean answerLost) {
        this.action = action;
        this.command = command;
        this.startedAt = startedAt;
        this.sequence = sequence;
        this.referenceWaits = referenceWaits;
        this.answerLost = answerLost;
    }

    /** Whether it stands between two statements of its file: not running, and waiting for no lock. */
    boolean stopped() {
        return gate != null && gate.stopped();
    }

    /** Whether the try may be quiet while it is in flight: the network holds it, or a split stopped it. */
    boolean idle() {
        return held || stopped();
    }

    /** The model's state as another step begins while the call is in flight. */
    void lives(JobState state) {
        if (gate != null) {
            livedThrough.add(state);
        }
    }

    void clockMoved(long to) {
        laterClocks.add(to);
    }

    /**
     * A call in flight while the try is quiet, as a value: as the judge sees it, and whether the network holds it or a
     * split stopped it between its statements.
     */
    record InFlight(Judge.Call call, boolean held, boolean stopped, boolean answerLost) {
    }

    /** The call in flight as it is now: a copy, which later steps do not change. */
    InFlight inFlight() {
        return new InFlight(call(), held, stopped(), answerLost);
    }

    /** The call as the judge sees it: a copy, which later steps do not change. */
    Judge.Call call() {
        return new Judge.Call(command, instants(), livedThrough);
    }

    /** The instants it may have run at: its start first, then each clock set before it completed. */
    List<Long> instants() {
        if (laterClocks.isEmpty()) {
            return List.of(startedAt);
        }
        List<Long> all = new ArrayList<>(laterClocks.size() + 1);
        all.add(startedAt);
        all.addAll(laterClocks);
        return all;
    }
}
