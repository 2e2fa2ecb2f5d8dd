package fencecheck.api;

import org.apiguardian.api.API;

/** What the protocol answers. Only {@link Granted}, {@link Renewed}, {@link Released}, {@link Applied} and {@link Replayed} are success. */
@API(status = API.Status.STABLE, since = "0.1")
public sealed interface Outcome {

    record Granted(long token, long until) implements Outcome {
    }

    /** Another owner holds a valid lease (or, with regrant switched off, the caller itself does). */
    record Busy() implements Outcome {
    }

    record Renewed(long until) implements Outcome {
    }

    record RenewRejected() implements Outcome {
    }

    record Released() implements Outcome {
    }

    record ReleaseRejected() implements Outcome {
    }

    /** The five answers of both sinks. Zero affected rows is never {@link Applied}. */
    sealed interface WriteOutcome extends Outcome {
        default boolean accepted() {
            return this instanceof Applied || this instanceof Replayed;
        }
    }

    /** The write changed the sink. */
    record Applied() implements WriteOutcome {
    }

    /** The same write was already stored: success, nothing changed. */
    record Replayed() implements WriteOutcome {
    }

    /** The same token (latest-token sink) or result id (fenced sink) is stored with another payload. */
    record Conflict() implements WriteOutcome {
    }

    /** A newer token is stored (latest-token sink) or is the fence (fenced sink). */
    record Stale() implements WriteOutcome {
    }

    /** The token was never granted for this key: above its latest grant, or the key was never granted. */
    record Forged() implements WriteOutcome {
    }

    /** What a rolled-back write saw before its transaction was undone. */
    record RolledBack(WriteOutcome seen) implements Outcome {
    }

    record ClockAt(long now) implements Outcome {
    }

    static boolean isSuccess(Outcome outcome) {
        return switch (outcome) {
            case Granted g -> true;
            case Renewed r -> true;
            case Released r -> true;
            case WriteOutcome w -> w.accepted();
            case Busy b -> false;
            case RenewRejected r -> false;
            case ReleaseRejected r -> false;
            case RolledBack r -> false;
            case ClockAt c -> true;
        };
    }
}
