package fencecheck.job;

import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.job.JobCommand.AdvanceClock;
import fencecheck.job.JobCommand.Begin;
import fencecheck.job.JobCommand.BusinessRow;
import fencecheck.job.JobCommand.Claim;
import fencecheck.job.JobCommand.Commit;
import fencecheck.job.JobCommand.LeaseOperation;
import fencecheck.job.JobCommand.OutboxRow;
import fencecheck.job.JobCommand.Redeliver;
import fencecheck.job.JobCommand.Relay;
import fencecheck.job.JobCommand.Rollback;
import fencecheck.job.JobCommand.Write;
import fencecheck.model.Command;
import fencecheck.model.Micros;
import java.util.List;

/**
 * A job model and its current state, stepped one statement at a time. Each
 * session's lease owner is the session's own name.
 */
final class JobScenario {

    static final long S = Micros.SECOND;
    static final long TTL = 10_000_000L;

    private final JobModel model;
    private JobState state;
    private JobTransition last;

    JobScenario(long start) {
        this.model = new JobModel(ModelConfig.reference());
        this.state = model.init(start);
    }

    static JobScenario reference() {
        return new JobScenario(0);
    }

    JobState state() {
        return state;
    }

    long now() {
        return state.now();
    }

    Lease lease(String key) {
        return state.committed().key(key).lease();
    }

    /** What {@code session} sees of {@code key}: committed rows plus its own open transaction's. */
    JobRows rows(String key, String session) {
        return state.rows(key, session);
    }

    /** What is committed for {@code key}. */
    JobRows committed(String key) {
        return state.rows(key, null);
    }

    /** The waiting statements that went on during the last step. */
    List<Resumed> resumed() {
        return last.resumed();
    }

    JobOutcome step(JobCommand command) {
        last = model.step(state, command);
        state = last.next();
        return last.outcome();
    }

    // --- commands --------------------------------------------------------------------------------------------

    static LeaseOperation acquireCommand(String session, String key) {
        return new LeaseOperation(session, new Command.Acquire(key, session, TTL));
    }

    static LeaseOperation renewCommand(String session, String key, long token) {
        return new LeaseOperation(session, new Command.Renew(key, session, token, TTL));
    }

    static LeaseOperation releaseCommand(String session, String key, long token) {
        return new LeaseOperation(session, new Command.Release(key, session, token));
    }

    static JobCommand.Write fencedWriteCommand(String session, String key, long token, String resultId, String payload) {
        return new JobCommand.Write(session, new Command.Write(SinkKind.CURRENT_FENCE, key, token, resultId, payload));
    }

    static JobCommand.Write latestWriteCommand(String session, String key, long token, String payload) {
        return new JobCommand.Write(session, new Command.Write(SinkKind.LATEST_TOKEN_WINS, key, token, "r", payload));
    }

    static Claim claimCommand(String session, String key, long token) {
        return new Claim(session, key, token);
    }

    static JobOutcome.Answered answered(Outcome outcome) {
        return new JobOutcome.Answered(outcome);
    }

    // --- steps -----------------------------------------------------------------------------------------------

    JobOutcome acquire(String session, String key) {
        return step(acquireCommand(session, key));
    }

    JobOutcome renew(String session, String key, long token) {
        return step(renewCommand(session, key, token));
    }

    JobOutcome release(String session, String key, long token) {
        return step(releaseCommand(session, key, token));
    }

    JobOutcome fencedWrite(String session, String key, long token, String resultId, String payload) {
        return step(fencedWriteCommand(session, key, token, resultId, payload));
    }

    JobOutcome latestWrite(String session, String key, long token, String payload) {
        return step(latestWriteCommand(session, key, token, payload));
    }

    /** The judge's step: the statement completes now, with the clock of {@code startedAt}, whatever other transactions lock. */
    JobOutcome complete(JobCommand command, long startedAt) {
        last = model.complete(state, command, startedAt);
        state = last.next();
        return last.outcome();
    }

    JobOutcome begin(String session) {
        return step(new Begin(session));
    }

    JobOutcome claim(String session, String key, long token) {
        return step(claimCommand(session, key, token));
    }

    JobOutcome business(String session, String resultId, String payload) {
        return step(new BusinessRow(session, resultId, payload));
    }

    JobOutcome outbox(String session, String resultId, String payload) {
        return step(new OutboxRow(session, resultId, payload));
    }

    JobOutcome commit(String session) {
        return step(new Commit(session));
    }

    JobOutcome rollback(String session) {
        return step(new Rollback(session));
    }

    JobOutcome relay() {
        return step(new Relay(false));
    }

    JobOutcome relayCrashingBeforeMark() {
        return step(new Relay(true));
    }

    JobOutcome redeliver() {
        return step(new Redeliver());
    }

    JobOutcome at(long to) {
        return step(new AdvanceClock(to));
    }

    /** A whole job transaction that writes one business row and one outbox message, both with {@code resultId}. */
    JobOutcome runJob(String session, String key, long token, String resultId, String payload) {
        begin(session);
        claim(session, key, token);
        business(session, resultId, payload);
        outbox(session, resultId, payload);
        return commit(session);
    }
}
