package fencecheck.model;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.TokenSequence;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;
import fencecheck.model.Judgement.Level;

import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Which answers a lease service may give, judged the way Porcupine's models judge: given the state, the command
 * and the answer the database gave, whether that answer is allowed, and the state it implies. Pure functions.
 *
 * <p>The state is what the service has told its clients: after an admissible answer the model goes on from what
 * that answer said (a shorter lease, a refused renew), never from what the reference would have said.
 *
 * <p>The admissible answers, per command (everything else is unsafe):
 * <ul>
 *   <li><b>acquire</b>: the reference's; {@code Busy} (a refusal only delays); a grant when nobody else holds a
 *       valid lease, with any token above every token the key had and any lease end (a holder that acquires again
 *       may get its own lease back with another end; after it released the lease, no later end than the release
 *       left). Unsafe: a grant while another owner holds a valid lease, a token not above every earlier one, the
 *       holder's token granted back after its release with a later end (a token reused: invariant 3).</li>
 *   <li><b>renew</b>: the reference's; a refusal; a renew of the caller's own lease with any end, also after it
 *       ran out or was released, as long as no later grant of the key came between (it then revives a lease nobody
 *       else had, and the model goes on with it held, a released mark cleared).
 *       Unsafe: {@code Renewed} for a lease that is not the caller's (another owner's, or one granted after the
 *       caller's token), or for a key never granted.</li>
 *   <li><b>release</b>: the reference's; a refusal (the lease runs out at its end); {@code Released} of a lease
 *       nobody holds. Unsafe: releasing another owner's valid lease.</li>
 *   <li><b>write</b>: the reference's; any refusal ({@code Stale}, {@code Conflict}, {@code Forged}): the writer
 *       is told; {@code Applied} where the reference answers {@code Replayed} (the same result stored again).
 *       Unsafe: accepting a write the reference refuses (a superseded or forged token, another result under the
 *       same token), {@code Replayed} for a result that was never stored.</li>
 * </ul>
 */
public final class Admissible {

    private final LeaseModel model;
    private final BiFunction<ProtocolState, Command, Transition> step;
    private final boolean quiet;

    public Admissible(LeaseModel model) {
        this(model, model::step);
    }

    /**
     * The judge of another step function under {@code model}'s claims: what this class would judge if
     * {@link LeaseModel#step} were {@code step}. A test of a changed model judges with it, the way the judge of a
     * changed reference would.
     */
    public Admissible(LeaseModel model, BiFunction<ProtocolState, Command, Transition> step) {
        this(model, step, false);
    }

    private Admissible(LeaseModel model, BiFunction<ProtocolState, Command, Transition> step, boolean quiet) {
        this.model = model;
        this.step = step;
        this.quiet = quiet;
    }

    /**
     * The same judge, leaving out the words of a difference (an empty {@code difference} for every answer that is not
     * the reference's): for a caller that judges millions of answers and words only the one it reports.
     */
    public Admissible quiet() {
        return new Admissible(model, step, true);
    }

    /** The answer {@code observed} to {@code command} in {@code state}, judged. */
    public Judgement judge(ProtocolState state, Command command, Outcome observed) {
        return judge(state, command, observed, reference(state, command, observed));
    }

    /**
     * {@link #judge(ProtocolState, Command, Outcome)} for a caller that already stepped the model: {@code stepped} is
     * {@code step(state, command)}, which a judge of several answers to one command need not compute again.
     */
    public Judgement judge(ProtocolState state, Command command, Outcome observed, Transition stepped) {
        Transition reference = command instanceof Acquire && observed instanceof Granted
                && model.config().tokens() == TokenSequence.INCREASING ? reference(state, command, observed) : stepped;
        if (reference.outcome().equals(observed)) {
            return Judgement.asReference(reference);
        }
        return switch (command) {
            case Acquire a -> acquire(state, a, observed, reference);
            case Renew r -> renew(state, r, observed, reference);
            case Release r -> release(state, r, observed, reference);
            case Write w -> write(state, w, observed, reference);
            case RolledBackWrite r -> rolledBack(state, r, observed, reference);
            case Command.AdvanceClock c -> unsafe(reference, "the clock answered " + Describe.outcome(observed));
        };
    }

    /** For a grant under any increasing token sequence, the reference's answer with the token the database chose. */
    private Transition reference(ProtocolState state, Command command, Outcome observed) {
        if (command instanceof Acquire a && observed instanceof Granted g && model.config().tokens() == TokenSequence.INCREASING) {
            return model.acquire(state, a, g.token()).transition();
        }
        return step.apply(state, command);
    }

    private Judgement acquire(ProtocolState state, Acquire a, Outcome observed, Transition reference) {
        if (observed instanceof Busy) {
            return admissible(state, observed, reference, "Busy where the reference grants: a refusal only delays the caller");
        }
        if (!(observed instanceof Granted g)) {
            return unsafe(reference, "an acquire answered " + Describe.outcome(observed));
        }
        Lease held = state.key(a.key()).lease();
        if (held != null && held.isHeldAt(state.now(), model.config().boundary()) && !held.owner().equals(a.owner())) {
            return unsafe(reference, () -> "granted to " + a.owner() + " while " + held.owner() + " holds token " + held.token()
                    + " until " + Micros.format(held.until()));
        }
        boolean ownLease = held != null && held.owner().equals(a.owner()) && held.isHeldAt(state.now(), model.config().boundary());
        long highest = held == null ? 0 : held.token();
        if (g.token() < highest || g.token() == highest && !ownLease) {
            return unsafe(reference, () -> "token " + g.token() + " granted, not above every earlier token of " + a.key()
                    + " (" + highest + ")");
        }
        boolean regrant = ownLease && g.token() == highest;
        if (regrant && g.until() > held.until() && state.releasedByHolder(a.key())) {
            // the row still holds for an instant (a release stored as until = now), but its holder ended the lease: it
            // may get it back as the release left it, not a new lease under the same token (invariant 3)
            return unsafe(reference, () -> "token " + g.token() + " re-granted to " + a.owner() + " after it released it,"
                    + " with a later end: " + endInWords(g.until(), held.until()) + ", a token reused after its release");
        }
        Lease granted = new Lease(a.owner(), g.until(), g.token());
        ProtocolState next = state.with(a.key(), state.key(a.key()).withLease(granted));
        return admissible(regrant ? next : next.withoutReleased(a.key()), observed, reference,
                () -> grantDifference(reference.outcome(), g, ownLease));
    }

    private static String grantDifference(Outcome reference, Granted g, boolean ownLease) {
        if (!(reference instanceof Granted r)) {
            return "the holder's acquire was granted (token " + g.token() + ", until " + Micros.format(g.until())
                    + ") where the reference answers Busy";
        }
        StringBuilder words = new StringBuilder();
        if (r.token() != g.token()) {
            words.append("token ").append(g.token()).append(" where the reference grants ").append(r.token());
        }
        if (r.until() != g.until()) {
            words.append(words.isEmpty() ? "" : ", ").append(endInWords(g.until(), r.until()));
        }
        return (ownLease ? "a re-grant: " : "a grant: ") + words;
    }

    private static String endInWords(long until, long referenceUntil) {
        return "lease end " + Micros.format(until) + (until < referenceUntil ? " (shorter than" : " (longer than")
                + " the reference's " + Micros.format(referenceUntil) + ")";
    }

    private Judgement renew(ProtocolState state, Renew r, Outcome observed, Transition reference) {
        if (observed instanceof RenewRejected) {
            return admissible(state, observed, reference, "the renew is refused where the reference renews: the holder only"
                    + " loses its lease sooner");
        }
        if (!(observed instanceof Renewed renewed)) {
            return unsafe(reference, "a renew answered " + Describe.outcome(observed));
        }
        Lease held = state.key(r.key()).lease();
        if (held == null) {
            return unsafe(reference, "Renewed for " + r.key() + ", which was never granted");
        }
        if (!Semantics.binds(model.config().binding(), held, r.owner(), r.token())) {
            boolean valid = held.isHeldAt(state.now(), model.config().boundary());
            return unsafe(reference, () -> r.owner() + "'s renew with token " + r.token() + " answered Renewed, but "
                    + (valid ? held.owner() + " holds token " + held.token() + " until " + Micros.format(held.until())
                    : "token " + held.token() + " was granted to " + held.owner() + " since"));
        }
        // what the answer told the caller: it holds the lease until the answered end, so a lease kept as released is
        // revived too (the model going on from a released row would grant the key to another worker meanwhile)
        Lease next = new Lease(held.owner(), renewed.until(), held.token());
        Supplier<String> difference = () -> reference.outcome() instanceof Renewed ref
                ? endInWords(renewed.until(), ref.until())
                : (held.released() ? "a renew after the lease was released" : "a renew after the lease ran out at "
                + Micros.format(held.until())) + " revives it (nobody was granted the key meanwhile)";
        return admissible(state.with(r.key(), state.key(r.key()).withLease(next)).withoutReleased(r.key()), observed, reference,
                difference);
    }

    private Judgement release(ProtocolState state, Release r, Outcome observed, Transition reference) {
        if (observed instanceof ReleaseRejected) {
            return admissible(state, observed, reference, "the release is refused where the reference releases: the lease"
                    + " runs out at its end");
        }
        if (!(observed instanceof Released)) {
            return unsafe(reference, "a release answered " + Describe.outcome(observed));
        }
        Lease held = state.key(r.key()).lease();
        if (held != null && held.isHeldAt(state.now(), model.config().boundary())) {
            return unsafe(reference, () -> r.owner() + "'s release with token " + r.token() + " answered Released while "
                    + held.owner() + " holds token " + held.token() + " until " + Micros.format(held.until()));
        }
        return admissible(state, observed, reference, "Released for a lease nobody holds");
    }

    private Judgement write(ProtocolState state, Write w, Outcome observed, Transition reference) {
        WriteOutcome expected = (WriteOutcome) reference.outcome();
        if (!(observed instanceof WriteOutcome answer)) {
            return unsafe(reference, "a write answered " + Describe.outcome(observed));
        }
        if (!answer.accepted()) {
            return admissible(state, observed, reference, () -> Describe.outcome(observed) + " where the reference answers "
                    + Describe.outcome(expected) + ": the writer is told its write was refused");
        }
        if (answer instanceof Applied && expected instanceof Replayed) {
            return admissible(state, observed, reference, "Applied where the reference answers Replayed: the same result,"
                    + " stored again");
        }
        if (answer instanceof Replayed && expected instanceof Applied) {
            return unsafe(reference, "Replayed for a result that was never stored: the writer takes it as stored");
        }
        return unsafe(reference, () -> "a write with token " + w.token() + " accepted (" + Describe.outcome(observed)
                + ") where the reference answers " + Describe.outcome(expected) + why(expected));
    }

    private static String why(WriteOutcome refused) {
        return switch (refused) {
            case Outcome.Stale s -> ": a newer token is stored or is the fence";
            case Outcome.Forged f -> ": the token was never granted for the key";
            case Outcome.Conflict c -> ": another result is stored under the same token or result id";
            default -> "";
        };
    }

    private Judgement rolledBack(ProtocolState state, RolledBackWrite r, Outcome observed, Transition reference) {
        if (!(observed instanceof RolledBack seen)) {
            return unsafe(reference, "a rolled-back write answered " + Describe.outcome(observed));
        }
        Judgement inner = write(state, r.write(), seen.seen(), step.apply(state, r.write()));
        return new Judgement(inner.level(), new Transition(state, observed), reference.outcome(), inner.difference());
    }

    private Judgement admissible(ProtocolState next, Outcome observed, Transition reference, String difference) {
        return new Judgement(Level.ADMISSIBLE, new Transition(next, observed), reference.outcome(), difference);
    }

    /** A difference worded only when it is read: a quiet judge never words one. */
    private Judgement admissible(ProtocolState next, Outcome observed, Transition reference, Supplier<String> difference) {
        return admissible(next, observed, reference, quiet ? "" : difference.get());
    }

    private Judgement unsafe(Transition reference, String difference) {
        return new Judgement(Level.UNSAFE, reference, reference.outcome(), difference);
    }

    private Judgement unsafe(Transition reference, Supplier<String> difference) {
        return unsafe(reference, quiet ? "" : difference.get());
    }
}
