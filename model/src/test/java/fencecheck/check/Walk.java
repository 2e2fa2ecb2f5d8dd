package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.SinkKind;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ObservedGrant;
import fencecheck.model.ProtocolState;
import fencecheck.model.RowAgreement;
import fencecheck.model.TokenVerdict;
import fencecheck.model.Transition;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plays symbolic moves through the model under one config and records the
 * model's own history (what it answered, at which instant) and its rows after
 * each step, for the invariant checkers; and the situations the walk reached.
 */
final class Walk {

    private static final String[] KEYS = {"x", "y"};
    private static final int WORKERS = 3;

    private final ModelConfig config;
    private final LeaseModel model;
    private final long unit;
    private ProtocolState state;
    private final List<Event> events = new ArrayList<>();
    private final List<Stored> stored = new ArrayList<>();
    private final Set<Situation> reached = EnumSet.noneOf(Situation.class);
    private final int[] incarnation = new int[WORKERS];
    private final Map<String, Long> believed = new HashMap<>();
    /** By owner, the index of the key it was last granted: where its renews and releases mostly go. */
    private final Map<String, Integer> lastGranted = new HashMap<>();
    /** The next value of a token sequence shared by all keys, for {@link Move.Pick#GAP}. */
    private long shared = 1;

    private Walk(ModelConfig config) {
        this.config = config;
        this.model = new LeaseModel(config);
        this.unit = config.resolution().unitMicros();
        this.state = model.init(0);
    }

    static Walk of(ModelConfig config, List<Move> moves) {
        Walk walk = new Walk(config);
        moves.forEach(walk::play);
        return walk;
    }

    List<Event> events() {
        return List.copyOf(events);
    }

    List<Stored> stored() {
        return List.copyOf(stored);
    }

    Set<Situation> reached() {
        return reached;
    }

    private void play(Move move) {
        switch (move) {
            case Move.Acquire a -> acquire(a);
            case Move.Renew r -> {
                int key = key(r.worker(), r.key());
                step(new Command.Renew(KEYS[key], owner(r.worker()), token(r.worker(), key, r.wrongToken()), r.units() * unit), null);
            }
            case Move.Release r -> {
                int key = key(r.worker(), r.key());
                step(new Command.Release(KEYS[key], owner(r.worker()), token(r.worker(), key, r.wrongToken())), null);
            }
            case Move.Write w -> {
                Command.Write write = new Command.Write(w.fenced() ? SinkKind.CURRENT_FENCE : SinkKind.LATEST_TOKEN_WINS,
                        KEYS[w.key()], Math.max(0, token(w.worker(), w.key(), false) + w.shift()), "r" + w.result(), "p" + w.payload());
                step(w.rolledBack() ? new Command.RolledBackWrite(write) : write, null);
            }
            case Move.Clock c -> step(new Command.AdvanceClock(tick(c)), null);
            case Move.Restart r -> incarnation[r.worker()]++;
        }
    }

    private void acquire(Move.Acquire a) {
        long[] extras = {0, 1, unit / 2, unit - 1};
        Command.Acquire command = new Command.Acquire(KEYS[a.key()], owner(a.worker()), a.units() * unit + extras[a.extra()]);
        Lease before = state.key(command.key()).lease();
        long highest = before == null ? 0 : before.token();
        long observed = switch (a.pick()) {
            case PREDICTED -> -1;
            case NEXT -> highest + 1;
            case GAP -> Math.max(shared, highest + 1) + a.gap();
            case STALE -> highest;
        };
        if (observed < 0) {
            step(command, null);
            return;
        }
        ObservedGrant judged = model.acquire(state, command, observed);
        boolean fresh = before == null || !before.isHeldAt(state.now(), config.boundary());
        if (judged.verdict() instanceof TokenVerdict.Fits && judged.transition().outcome() instanceof Outcome.Granted g) {
            reach(config.tokens() == TokenSequence.INCREASING && g.token() > highest + 1, Situation.INCREASING_GAP_ACCEPTED);
        }
        if (judged.sequenceBroken() && fresh) {
            boolean gap = observed > highest;
            reach(config.tokens() == TokenSequence.CONSECUTIVE_PER_KEY && gap, Situation.CONSECUTIVE_GAP_REFUSED);
            reach(config.tokens() == TokenSequence.INCREASING && !gap, Situation.INCREASING_STALE_REFUSED);
            assertThat(config.tokens().continues(highest, observed))
                    .as("a fresh grant's token that continues the sequence is never refused").isFalse();
        }
        step(command, judged.transition());
    }

    /** Steps the model (or takes the transition already judged), records the event and the key's rows. */
    private void step(Command command, Transition judged) {
        Transition t = judged != null ? judged : model.step(state, command);
        observe(command, state, t);
        events.add(new Event(events.size() + 1, state.now(), command, t.outcome()));
        state = t.next();
        String key = keyOf(command);
        if (key != null) {
            stored.add(new Stored(events.size(), key, state.key(key)));
            compareRows(state.key(key));
        }
        if (t.outcome() instanceof Outcome.Granted g && command instanceof Command.Acquire a) {
            shared = Math.max(shared, g.token() + 1);
            believed.put(a.owner() + "/" + a.key(), g.token());
            lastGranted.put(a.owner(), List.of(KEYS).indexOf(a.key()));
        }
    }

    private void observe(Command command, ProtocolState before, Transition t) {
        long now = before.now();
        Outcome outcome = t.outcome();
        Lease held = keyOf(command) == null ? null : before.key(keyOf(command)).lease();
        boolean heldBefore = held != null && held.isHeldAt(now, config.boundary());
        switch (command) {
            case Command.Acquire a -> {
                if (outcome instanceof Outcome.Granted g) {
                    boolean regrant = heldBefore && held.token() == g.token();
                    reach(regrant, Situation.REGRANT);
                    reach(!regrant && held != null && !held.owner().equals(a.owner()), Situation.TAKEOVER);
                    reach(config.boundary() == Boundary.EXCLUSIVE && held != null && now == held.until() && !regrant
                           , Situation.EXCLUSIVE_GRANT_AT_END);
                    roundedEnd(now + a.ttl(), g.until(), regrant);
                } else {
                    reach(config.boundary() == Boundary.INCLUSIVE && now == held.until(), Situation.INCLUSIVE_BUSY_AT_END);
                    reach(!config.idempotentRegrant() && held.owner().equals(a.owner()), Situation.NO_REGRANT_BUSY);
                }
            }
            case Command.Renew r -> {
                if (outcome instanceof Outcome.Renewed rn) {
                    reached.add(Situation.RENEW);
                    roundedEnd(now + r.ttl(), rn.until(), false);
                }
                wrongToken(held, r.owner(), r.token(), Outcome.isSuccess(outcome));
            }
            case Command.Release r -> {
                if (outcome instanceof Outcome.Released) {
                    reached.add(Situation.RELEASE);
                    Lease after = t.next().key(r.key()).lease();
                    reach(config.release() == ReleaseEncoding.EXPIRE_BEFORE_NOW && heldBefore
                           , Situation.EXPIRE_BEFORE_NOW_RELEASE_OF_A_HELD_LEASE);
                    reach(config.release() == ReleaseEncoding.EXPIRE_AT_NOW && after.isHeldAt(now, config.boundary())
                           , Situation.EXPIRE_AT_NOW_HELD_AFTER_RELEASE);
                    reach(config.release() == ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED && heldBefore
                           , Situation.KEEP_RELEASED_BEFORE_ITS_END);
                    assertThat(config.release() == ReleaseEncoding.EXPIRE_AT_NOW || !after.isHeldAt(now, config.boundary()))
                            .as("a released lease is held after its release only when stored with until = now").isTrue();
                }
                wrongToken(held, r.owner(), r.token(), Outcome.isSuccess(outcome));
            }
            case Command.Write w -> reach(outcome instanceof Outcome.Stale, Situation.STALE_WRITE_REFUSED);
            case Command.RolledBackWrite w -> reach(outcome instanceof Outcome.RolledBack(Outcome.Stale s), Situation.STALE_WRITE_REFUSED);
            default -> {
            }
        }
    }

    private void reach(boolean condition, Situation situation) {
        if (condition) {
            reached.add(situation);
        }
    }

    private void roundedEnd(long exact, long until, boolean regrant) {
        if (regrant) {
            return;
        }
        assertThat(config.resolution().holds(until)).as("every end is stored at the claimed resolution").isTrue();
        assertThat(until).isEqualTo(config.resolution().round(exact));
        if (config.resolution() == TimeResolution.MILLISECONDS && until != exact) {
            reached.add(Situation.MILLISECONDS_END_ROUNDED);
        }
        if (config.resolution() == TimeResolution.MICROSECONDS && !TimeResolution.MILLISECONDS.holds(until)) {
            reached.add(Situation.MICROSECONDS_END_OFF_THE_MILLISECOND);
        }
    }

    private void wrongToken(Lease held, String owner, long token, boolean accepted) {
        if (held == null || !held.owner().equals(owner) || held.token() == token) {
            return;
        }
        if (config.binding() == OperationBinding.OWNER_ONLY && accepted) {
            reached.add(Situation.OWNER_ONLY_WRONG_TOKEN_ACCEPTED);
        }
        if (config.binding() == OperationBinding.OWNER_AND_TOKEN) {
            assertThat(accepted).as("OWNER_AND_TOKEN never accepts a wrong token").isFalse();
            reached.add(Situation.OWNER_AND_TOKEN_WRONG_TOKEN_REFUSED);
        }
    }

    /**
     * The same rows with another encoding of the same meaning (a later end while held, an
     * earlier end and a released mark while not) agree only when rows are compared by
     * validity; rows with another token never agree.
     */
    private void compareRows(KeyState rows) {
        Lease lease = rows.lease();
        long now = state.now();
        assertThat(RowAgreement.agree(config, rows, rows, now)).isTrue();
        if (lease == null) {
            return;
        }
        Lease sameMeaning = lease.isHeldAt(now, config.boundary())
                ? lease.withUntil(lease.until() + unit)
                : lease.withUntil(lease.until() - unit).markedReleased();
        boolean agrees = RowAgreement.agree(config, rows, rows.withLease(sameMeaning), now);
        assertThat(agrees).as("rows with another end, compared %s", config.rows()).isEqualTo(config.rows() == RowComparison.VALIDITY_AND_ANSWERS);
        reached.add(agrees ? Situation.VALIDITY_ROWS_AGREE : Situation.EXACT_ROWS_DIFFER);
        Lease otherToken = new Lease(lease.owner(), lease.until(), lease.token() + 1, lease.released());
        assertThat(RowAgreement.agree(config, rows, rows.withLease(otherToken), now)).isFalse();
    }

    private long tick(Move.Clock c) {
        long now = state.now();
        Lease lease = state.key(KEYS[c.key()]).lease();
        long end = lease == null ? now : lease.until();
        return switch (c.tick()) {
            case MICRO -> now + 1;
            case HALF_UNIT -> now + Math.max(1, unit / 2);
            case UNIT -> now + unit;
            case THREE_UNITS -> now + 3 * unit;
            case JUST_BEFORE_END -> end - 1;
            case AT_END -> end;
            case JUST_AFTER_END -> end + 1;
        };
    }

    private String owner(int worker) {
        return "w" + worker + "." + incarnation[worker];
    }

    /** {@link Move#OWN_KEY} resolves to the key the worker's current owner was last granted (the first key if none). */
    private int key(int worker, int key) {
        return key == Move.OWN_KEY ? lastGranted.getOrDefault(owner(worker), 0) : key;
    }

    private long token(int worker, int key, boolean wrong) {
        long token = believed.getOrDefault(owner(worker) + "/" + KEYS[key], 1L);
        return wrong ? token + 5 : token;
    }

    private static String keyOf(Command command) {
        return switch (command) {
            case Command.Acquire a -> a.key();
            case Command.Renew r -> r.key();
            case Command.Release r -> r.key();
            case Command.Write w -> w.key();
            case Command.RolledBackWrite r -> r.write().key();
            case Command.AdvanceClock c -> null;
        };
    }
}
