package fencecheck.model;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.ClockAt;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;

/**
 * The reference semantics of leases, fences and sinks (model/README.md), as one
 * pure step function over immutable state. Everything the database
 * implementation does is compared with what this class says.
 *
 * <p>The {@link ModelConfig} says how the implementation encodes the protocol:
 * the resolution of stored lease ends, how a release is stored, what a renew or
 * release is bound to, and which token sequence grants follow. Under
 * {@link TokenSequence#INCREASING} {@link #step} answers a fresh grant with the
 * least token that continues the key's sequence; a runner that saw the database
 * grant another one steps with {@link #acquire(ProtocolState, Acquire, long)}.
 */
public final class LeaseModel {

    private final ModelConfig config;

    public LeaseModel(ModelConfig config) {
        this.config = config;
    }

    public ModelConfig config() {
        return config;
    }

    public ProtocolState init(long now) {
        return ProtocolState.at(now);
    }

    public Transition step(ProtocolState state, Command command) {
        return switch (command) {
            case Acquire a -> acquire(state, a);
            case Renew r -> renew(state, r);
            case Release r -> release(state, r);
            case Write w -> write(state, w);
            case RolledBackWrite r -> new Transition(state, new RolledBack((WriteOutcome) write(state, r.write()).outcome()));
            case AdvanceClock c -> {
                ProtocolState next = c.to() > state.now() ? state.withNow(c.to()) : state;
                yield new Transition(next, new ClockAt(next.now()));
            }
        };
    }

    /**
     * The acquire judged against the token the database granted: what
     * {@link TokenSequence#INCREASING} needs, where the model cannot predict a token.
     * A fresh grant goes on with {@code observedToken} when it continues the key's
     * sequence (strictly above every token granted for the key; under
     * {@link TokenSequence#CONSECUTIVE_PER_KEY} exactly the next one); a re-grant must
     * answer the lease's own token. Otherwise the verdict says the sequence broke and the
     * model goes on with its own prediction. Pure, like {@link #step}.
     */
    public ObservedGrant acquire(ProtocolState state, Acquire a, long observedToken) {
        return switch (plan(state, a)) {
            case NewGrant n -> config.tokens().continues(n.highest(), observedToken)
                    ? new ObservedGrant(grant(state, a, observedToken), new TokenVerdict.Fits())
                    : new ObservedGrant(grant(state, a, n.next()), new TokenVerdict.BreaksSequence(observedToken,
                            "token " + observedToken + " granted for " + a.key() + ", but " + Semantics.rule(config.tokens(), n.highest())));
            case Regrant r -> new ObservedGrant(regrant(state, r.held()), observedToken == r.held().token()
                    ? new TokenVerdict.Fits()
                    : new TokenVerdict.BreaksSequence(observedToken, "token " + observedToken + " re-granted for " + a.key()
                            + ", but a re-grant answers the lease's own token " + r.held().token()));
            case Refused f -> new ObservedGrant(new Transition(state, new Busy()), new TokenVerdict.NoGrant());
        };
    }

    /** What an acquire does, before a token is chosen. */
    private sealed interface AcquirePlan {
    }

    /** Nobody holds the key: a fresh grant; {@code highest} is the key's highest token so far (0 if never granted). */
    private record NewGrant(long highest, long next) implements AcquirePlan {
    }

    /** The caller holds the key already and gets its lease back unchanged. */
    private record Regrant(Lease held) implements AcquirePlan {
    }

    private record Refused() implements AcquirePlan {
    }

    private AcquirePlan plan(ProtocolState state, Acquire a) {
        Lease held = state.key(a.key()).lease();
        // the lease row keeps the key's latest token through expiry and release, and tokens only grow: it is the highest
        long highest = held == null ? 0 : held.token();
        if (held == null || !isHeld(state.now(), held)) {
            return new NewGrant(highest, config.tokens().least(highest));
        }
        if (held.owner().equals(a.owner()) && config.idempotentRegrant()) {
            return new Regrant(held);
        }
        return new Refused();
    }

    private Transition acquire(ProtocolState state, Acquire a) {
        return switch (plan(state, a)) {
            case NewGrant n -> grant(state, a, n.next());
            case Regrant r -> regrant(state, r.held());
            case Refused f -> new Transition(state, new Busy());
        };
    }

    private Transition grant(ProtocolState state, Acquire a, long token) {
        Lease lease = new Lease(a.owner(), stored(state.now() + a.ttl()), token);
        ProtocolState next = state.with(a.key(), state.key(a.key()).withLease(lease)).withoutReleased(a.key());
        return new Transition(next, new Granted(token, lease.until()));
    }

    private static Transition regrant(ProtocolState state, Lease held) {
        return new Transition(state, new Granted(held.token(), held.until()));
    }

    /**
     * Only a held lease is renewed: an expired or released one is never revived. (A lease
     * released under EXPIRE_AT_NOW is still held at the release instant under INCLUSIVE,
     * so its owner's renew then succeeds: that is what its row says, see ReleaseEncoding.)
     */
    private Transition renew(ProtocolState state, Renew r) {
        KeyState key = state.key(r.key());
        Lease held = key.lease();
        if (!Semantics.binds(config.binding(), held, r.owner(), r.token()) || !isHeld(state.now(), held)) {
            return new Transition(state, new RenewRejected());
        }
        Lease renewed = held.withUntil(stored(state.now() + r.ttl()));
        return new Transition(state.with(r.key(), key.withLease(renewed)).withoutReleased(r.key()), new Renewed(renewed.until()));
    }

    /** Released leases stay as rows with their token: deleting them would restart tokens at 1. */
    private Transition release(ProtocolState state, Release r) {
        KeyState key = state.key(r.key());
        Lease held = key.lease();
        if (!Semantics.binds(config.binding(), held, r.owner(), r.token())) {
            return new Transition(state, new ReleaseRejected());
        }
        Lease released = Semantics.release(config.release(), held, state.now(), config.resolution());
        // remembered: under the inclusive boundary a release stored as until = now leaves the row valid for the instant
        return new Transition(state.with(r.key(), key.withLease(released)).withReleased(r.key(), held.token()), new Released());
    }

    /** Neither sink looks at lease expiry: fencing orders writers, it is not a wall clock. */
    private Transition write(ProtocolState state, Write w) {
        KeyState key = state.key(w.key());
        Lease lease = key.lease();
        if (lease == null || w.token() > lease.token()) {
            return new Transition(state, new Forged());
        }
        return switch (w.sink()) {
            case LATEST_TOKEN_WINS -> writeLatest(state, key, w);
            case CURRENT_FENCE -> writeFenced(state, key, lease.token(), w);
        };
    }

    private Transition writeLatest(ProtocolState state, KeyState key, Write w) {
        StoredResult stored = key.latest();
        if (stored == null || stored.token() < w.token()) {
            KeyState next = key.withLatest(new StoredResult(w.token(), w.payload()));
            return new Transition(state.with(w.key(), next), new Applied());
        }
        if (stored.token() == w.token()) {
            return new Transition(state, stored.payload().equals(w.payload()) ? new Replayed() : new Conflict());
        }
        return new Transition(state, new Stale());
    }

    private Transition writeFenced(ProtocolState state, KeyState key, long fence, Write w) {
        if (w.token() < fence) {
            return new Transition(state, new Stale());
        }
        StoredResult stored = key.fenced().get(w.resultId());
        if (stored == null) {
            KeyState next = key.withFenced(w.resultId(), new StoredResult(w.token(), w.payload()));
            return new Transition(state.with(w.key(), next), new Applied());
        }
        return new Transition(state, stored.payload().equals(w.payload()) ? new Replayed() : new Conflict());
    }

    private boolean isHeld(long now, Lease lease) {
        return lease.isHeldAt(now, config.boundary());
    }

    /** An instant as the lease row stores it, at the claimed resolution. */
    private long stored(long micros) {
        return config.resolution().round(micros);
    }
}
