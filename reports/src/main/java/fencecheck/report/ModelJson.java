package fencecheck.report;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import fencecheck.model.Command;
import fencecheck.model.Outcome;

/**
 * How the model's sealed {@link Command} and {@link Outcome} types appear in
 * JSON: an object with a {@code type} field naming the record, then its
 * components. The model carries no Jackson annotations; these mix-ins add them.
 */
final class ModelJson {

    private ModelJson() {
    }

    static ObjectMapper register(ObjectMapper mapper) {
        return mapper.addMixIn(Command.class, CommandMixIn.class)
                .addMixIn(Outcome.class, OutcomeMixIn.class);
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
}
