package fencecheck.model;

import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.model.Outcome.Applied;
import fencecheck.model.Outcome.Busy;
import fencecheck.model.Outcome.ClockAt;
import fencecheck.model.Outcome.Conflict;
import fencecheck.model.Outcome.Forged;
import fencecheck.model.Outcome.Granted;
import fencecheck.model.Outcome.Released;
import fencecheck.model.Outcome.ReleaseRejected;
import fencecheck.model.Outcome.RenewRejected;
import fencecheck.model.Outcome.Renewed;
import fencecheck.model.Outcome.Replayed;
import fencecheck.model.Outcome.RolledBack;
import fencecheck.model.Outcome.Stale;
import fencecheck.model.Outcome.WriteOutcome;

/**
 * The reference semantics of leases, fences and sinks (PROTOCOL.md), as one
 * pure step function over immutable state. Everything the database
 * implementation does is compared with what this class says.
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

    private Transition acquire(ProtocolState state, Acquire a) {
        KeyState key = state.key(a.key());
        Lease held = key.lease();
        long now = state.now();
        if (held == null) {
            return grant(state, a, 1);
        }
        if (isExpired(now, held)) {
            return grant(state, a, held.token() + 1);
        }
        if (held.owner().equals(a.owner()) && config.idempotentRegrant()) {
            return new Transition(state, new Granted(held.token(), held.until()));
        }
        return new Transition(state, new Busy());
    }

    private Transition grant(ProtocolState state, Acquire a, long token) {
        Lease lease = new Lease(a.owner(), state.now() + a.ttl(), token);
        ProtocolState next = state.with(a.key(), state.key(a.key()).withLease(lease));
        return new Transition(next, new Granted(token, lease.until()));
    }

    private Transition renew(ProtocolState state, Renew r) {
        KeyState key = state.key(r.key());
        Lease held = key.lease();
        if (!isHeldBy(held, r.owner(), r.token()) || isExpired(state.now(), held)) {
            return new Transition(state, new RenewRejected());
        }
        Lease renewed = new Lease(held.owner(), state.now() + r.ttl(), held.token());
        return new Transition(state.with(r.key(), key.withLease(renewed)), new Renewed(renewed.until()));
    }

    /** Released leases stay as expired rows: deleting them would restart tokens at 1. */
    private Transition release(ProtocolState state, Release r) {
        KeyState key = state.key(r.key());
        Lease held = key.lease();
        if (!isHeldBy(held, r.owner(), r.token())) {
            return new Transition(state, new ReleaseRejected());
        }
        long expired = Math.min(held.until(), state.now() - 1);
        Lease released = new Lease(held.owner(), expired, held.token());
        return new Transition(state.with(r.key(), key.withLease(released)), new Released());
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

    private boolean isExpired(long now, Lease lease) {
        return config.boundary().isExpired(now, lease.until());
    }

    private static boolean isHeldBy(Lease lease, String owner, long token) {
        return lease != null && lease.owner().equals(owner) && lease.token() == token;
    }
}
