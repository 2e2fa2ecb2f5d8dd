package fencecheck.report;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;

/**
 * How the model's sealed {@link Command} and {@link Outcome} types appear in
 * JSON: an object with a {@code type} field naming the record, then its
 * components. The model carries no Jackson annotations; these mix-ins add them.
 */
public final class ModelJson {

    private ModelJson() {
    }

    public static ObjectMapper register(ObjectMapper mapper) {
        return mapper.addMixIn(Command.class, CommandMixIn.class)
                .addMixIn(Outcome.class, OutcomeMixIn.class)
                .addMixIn(JobCommand.class, JobCommandMixIn.class)
                .addMixIn(JobOutcome.class, JobOutcomeMixIn.class);
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Command.Acquire.class, name = "acquire"),
            @JsonSubTypes.Type(value = Command.Renew.class, name = "renew"),
            @JsonSubTypes.Type(value = Command.Release.class, name = "release"),
            @JsonSubTypes.Type(value = Command.Write.class, name = "write"),
            @JsonSubTypes.Type(value = Command.RolledBackWrite.class, name = "rolled-back-write"),
            @JsonSubTypes.Type(value = Command.AdvanceClock.class, name = "advance-clock"),
    })
    interface CommandMixIn {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = Outcome.Granted.class, name = "granted"),
            @JsonSubTypes.Type(value = Outcome.Busy.class, name = "busy"),
            @JsonSubTypes.Type(value = Outcome.Renewed.class, name = "renewed"),
            @JsonSubTypes.Type(value = Outcome.RenewRejected.class, name = "renew-rejected"),
            @JsonSubTypes.Type(value = Outcome.Released.class, name = "released"),
            @JsonSubTypes.Type(value = Outcome.ReleaseRejected.class, name = "release-rejected"),
            @JsonSubTypes.Type(value = Outcome.Applied.class, name = "applied"),
            @JsonSubTypes.Type(value = Outcome.Replayed.class, name = "replayed"),
            @JsonSubTypes.Type(value = Outcome.Conflict.class, name = "conflict"),
            @JsonSubTypes.Type(value = Outcome.Stale.class, name = "stale"),
            @JsonSubTypes.Type(value = Outcome.Forged.class, name = "forged"),
            @JsonSubTypes.Type(value = Outcome.RolledBack.class, name = "rolled-back"),
            @JsonSubTypes.Type(value = Outcome.ClockAt.class, name = "clock-at"),
    })
    interface OutcomeMixIn {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = JobCommand.LeaseOperation.class, name = "lease-operation"),
            @JsonSubTypes.Type(value = JobCommand.Write.class, name = "write"),
            @JsonSubTypes.Type(value = JobCommand.Begin.class, name = "begin"),
            @JsonSubTypes.Type(value = JobCommand.Claim.class, name = "claim"),
            @JsonSubTypes.Type(value = JobCommand.BusinessRow.class, name = "business-row"),
            @JsonSubTypes.Type(value = JobCommand.OutboxRow.class, name = "outbox-row"),
            @JsonSubTypes.Type(value = JobCommand.Commit.class, name = "commit"),
            @JsonSubTypes.Type(value = JobCommand.Rollback.class, name = "rollback"),
            @JsonSubTypes.Type(value = JobCommand.Relay.class, name = "relay"),
            @JsonSubTypes.Type(value = JobCommand.Redeliver.class, name = "redeliver"),
            @JsonSubTypes.Type(value = JobCommand.AdvanceClock.class, name = "advance-clock"),
            @JsonSubTypes.Type(value = JobCommand.CrashDatabase.class, name = "crash-database"),
    })
    interface JobCommandMixIn {
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = JobOutcome.Answered.class, name = "answered"),
            @JsonSubTypes.Type(value = JobOutcome.Waiting.class, name = "waiting"),
            @JsonSubTypes.Type(value = JobOutcome.Begun.class, name = "begun"),
            @JsonSubTypes.Type(value = JobOutcome.Claimed.class, name = "claimed"),
            @JsonSubTypes.Type(value = JobOutcome.NotClaimed.class, name = "not-claimed"),
            @JsonSubTypes.Type(value = JobOutcome.Inserted.class, name = "inserted"),
            @JsonSubTypes.Type(value = JobOutcome.AlreadyThere.class, name = "already-there"),
            @JsonSubTypes.Type(value = JobOutcome.Skipped.class, name = "skipped"),
            @JsonSubTypes.Type(value = JobOutcome.Committed.class, name = "committed"),
            @JsonSubTypes.Type(value = JobOutcome.RolledBack.class, name = "rolled-back"),
            @JsonSubTypes.Type(value = JobOutcome.Delivered.class, name = "delivered"),
            @JsonSubTypes.Type(value = JobOutcome.NothingToDeliver.class, name = "nothing-to-deliver"),
            @JsonSubTypes.Type(value = JobOutcome.ClockAt.class, name = "clock-at"),
            @JsonSubTypes.Type(value = JobOutcome.Restarted.class, name = "restarted"),
    })
    interface JobOutcomeMixIn {
    }
}
