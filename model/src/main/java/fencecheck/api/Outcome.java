package fencecheck.api;

import org.apiguardian.api.API;

/**
 * What the protocol answers, in the words of the protocol's rules: an implementation's answer to an acquire, a
 * renew, a release or a write, which fencecheck compares with the reference's. Of these, only {@link Granted},
 * {@link Renewed}, {@link Released}, {@link Applied} and {@link Replayed} are success; a refusal changes nothing.
 *
 * <p>Instants ({@code until}, {@code now}) are whole microseconds on fencecheck's time line, counted from
 * 2030-01-01T00:00:00Z (virtual time 0 in lock step; in real time the database's own instants on the same line,
 * negative before that origin). A lease end read back from a table is turned into one with the fencing kit's
 * {@code LeaseTime}.
 */
@API(status = API.Status.STABLE, since = "0.1")
public sealed interface Outcome {

    /**
     * The caller holds the key's lease until {@code until}. A new grant carries a token above every earlier grant's
     * of the key (the next one, under {@link TokenSequence#CONSECUTIVE_PER_KEY}); a holder's acquire of its own valid
     * lease, where regrant is claimed, answers that lease's own token again. The holder's writes, renewals and
     * release carry {@code token}. Whether the lease is still valid at exactly {@code until} is the implementation's
     * {@link Boundary}.
     *
     * @param token the grant's fencing token, 1 or more (0 only from a fencing kit's {@code LockCalls}, whose token
     *              the kit supplies)
     * @param until the instant the lease ends, in microseconds on fencecheck's time line
     */
    record Granted(long token, long until) implements Outcome {
    }

    /**
     * The acquire was refused and changed nothing: another owner holds a valid lease (or, with regrant switched off,
     * the caller itself does). Admissible at any instant, since a refusal only delays the caller.
     */
    record Busy() implements Outcome {
    }

    /**
     * The caller's lease was extended and now ends at {@code until} (the renew's instant plus its lease length, in
     * the reference); its token is unchanged.
     *
     * @param until the lease's new end, in microseconds on fencecheck's time line
     */
    record Renewed(long until) implements Outcome {
    }

    /**
     * The renew was refused and changed nothing: the lease is not the caller's (another owner's, one granted after
     * the caller's token where renew is bound to the token, or the key was never granted), or it is no longer valid.
     * The caller must take its lease as lost. Also admissible for the caller's valid lease, which then runs out at
     * its earlier {@code until}.
     */
    record RenewRejected() implements Outcome {
    }

    /**
     * The caller's lease ended at the release: from then on nobody holds it (how the row says so, and so from which
     * instant another owner may acquire, is the implementation's {@link ReleaseEncoding}). The row and its token stay,
     * so the key's next grant continues its tokens. Also admissible for a lease nobody holds.
     */
    record Released() implements Outcome {
    }

    /**
     * The release was refused and changed nothing: the lease is not the caller's (its owner, or its token where
     * release is bound to the token, does not match). A lease the caller still holds runs out at its {@code until}.
     */
    record ReleaseRejected() implements Outcome {
    }

    /**
     * The five answers of both sinks to a write: {@link Applied}, {@link Replayed}, {@link Conflict}, {@link Stale}
     * and {@link Forged}. Only the first two accept the write; zero affected rows is never {@link Applied}. Neither
     * sink looks at lease expiry: they judge the token alone.
     */
    sealed interface WriteOutcome extends Outcome {
        /**
         * Whether the sink holds the write after it: {@link Applied} or {@link Replayed}.
         *
         * @return whether the write was accepted
         */
        default boolean accepted() {
            return this instanceof Applied || this instanceof Replayed;
        }
    }

    /**
     * The write changed the sink. Latest-token sink: no result was stored for the key, or a lower token's was.
     * Current-fence sink: the token is the key's fence and the result id is new. Also admissible where the reference
     * answers {@link Replayed} (the same result stored again).
     */
    record Applied() implements WriteOutcome {
    }

    /**
     * The same write was already stored (the same token and payload in the latest-token sink; the same result id and
     * payload at the fence in the current-fence sink): success, nothing changed. What a retry of a write whose answer
     * was lost gets.
     */
    record Replayed() implements WriteOutcome {
    }

    /** The same token (latest-token sink) or result id (fenced sink) is stored with another payload; nothing changed. */
    record Conflict() implements WriteOutcome {
    }

    /**
     * A newer token is stored (latest-token sink) or is the fence (fenced sink): a later grant superseded the
     * writer's, and the write changed nothing.
     */
    record Stale() implements WriteOutcome {
    }

    /**
     * The token was never granted for this key: above its latest grant, or the key was never granted. Nothing
     * changed, in either sink.
     */
    record Forged() implements WriteOutcome {
    }

    /**
     * What a rolled-back write saw before its transaction was undone: the write ran in a transaction that was then
     * rolled back, so the sink is unchanged whatever it saw, and the answer is never a success.
     *
     * @param seen the write's answer inside the transaction, before the rollback
     */
    record RolledBack(WriteOutcome seen) implements Outcome {
    }

    /**
     * The answer to a move of the database's clock: the instant it reads afterwards. The clock never goes back, so a
     * move to an earlier instant answers the current one.
     *
     * @param now the clock's instant after the move, in microseconds on fencecheck's time line
     */
    record ClockAt(long now) implements Outcome {
    }

    /**
     * Whether {@code outcome} is a success: a grant, a renewal, a release, an accepted write, or a clock move (which
     * cannot fail). Refusals, {@link Busy}, a refused write and a rolled-back write are not.
     *
     * @param outcome any answer
     * @return whether it is a success
     */
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
