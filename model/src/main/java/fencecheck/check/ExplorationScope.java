package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the {@link ModelExplorer} explores: the claims of the model, how many workers and keys, how many steps, the
 * lease length, and from these the alphabet of commands at each state. Per worker and key: an acquire; a renew and a
 * release with the token the worker was last granted; writes to both sinks with that token, the one before it and one
 * above the key's highest (forged). The clock moves to one unit of the claimed resolution before, at and after each
 * lease's end, and one unit on. Every command is one a trace can make, resolved against what the workers believe.
 *
 * @param config  the claims the model is configured with
 * @param workers how many workers ({@code w1}, {@code w2}, ...), 1 to 4
 * @param keys    how many keys ({@code k1}, ...), 1 to 3
 * @param depth   how many steps a path may have, at least 1
 * @param ttlUnits the lease length every acquire and renew asks for, in units of the claimed resolution, at least 2
 */
public record ExplorationScope(ModelConfig config, int workers, int keys, int depth, int ttlUnits) {

    /** The one result id every fenced write uses, so that two workers' results under one token meet. */
    private static final String RESULT = "r";

    public ExplorationScope {
        if (workers < 1 || workers > 4 || keys < 1 || keys > 3 || depth < 1 || ttlUnits < 2) {
            throw new IllegalArgumentException("an exploration needs 1-4 workers, 1-3 keys, a depth of at least 1 and a"
                    + " lease of at least 2 units, not " + workers + " workers, " + keys + " keys, depth " + depth
                    + ", " + ttlUnits + " units");
        }
    }

    /** What the explored edges met, so a test can show the search reaches what it claims to check. */
    public enum Situation {
        TAKEOVER, RENEW_AT_THE_END, STALE_WRITE_REFUSED, FORGED_WRITE_REFUSED, OLDER_WRITE_ACCEPTED_BEFORE_TAKEOVER,
        RELEASE, RENEW_REFUSED, ADMITTED_OTHER_ANSWER
    }

    /**
     * A state of the search: the model's state (on its own clock) and what each worker believes it holds, the token
     * it was last granted per key ({@code "w1 k1"}).
     */
    public record State(ProtocolState model, SortedMap<String, Long> beliefs) {

        State after(Command command, Outcome answer, ProtocolState next) {
            SortedMap<String, Long> believed = new TreeMap<>(beliefs);
            if (command instanceof Acquire a && answer instanceof Granted g) {
                believed.put(a.owner() + " " + a.key(), g.token());
            }
            return new State(next, believed);
        }

        /** The state with the clock at zero: only instants relative to now matter to the rules. */
        Key key() {
            long now = model.now();
            SortedMap<String, KeyState> shifted = new TreeMap<>();
            model.keys().forEach((name, key) -> shifted.put(name, key.lease() == null ? key
                    : key.withLease(key.lease().withUntil(key.lease().until() - now))));
            return new Key(new ProtocolState(0, shifted), beliefs);
        }
    }

    /** A state as compared: two states with the same key are expanded once. */
    public record Key(ProtocolState model, SortedMap<String, Long> beliefs) {
    }

    static State start() {
        return new State(ProtocolState.at(0), new TreeMap<>());
    }

    long unit() {
        return config.resolution().unitMicros();
    }

    long ttl() {
        return ttlUnits * unit();
    }

    /** The commands of the alphabet at {@code state}. */
    List<Command> commands(State state) {
        ProtocolState model = state.model();
        List<Command> commands = new ArrayList<>();
        for (int k = 1; k <= keys; k++) {
            String key = "k" + k;
            long highest = highest(model, key);
            for (int w = 1; w <= workers; w++) {
                String worker = "w" + w;
                commands.add(new Acquire(key, worker, ttl()));
                Long held = state.beliefs().get(worker + " " + key);
                TreeSet<Long> tokens = new TreeSet<>();
                tokens.add(highest + 1);
                if (held != null) {
                    commands.add(new Renew(key, worker, held, ttl()));
                    commands.add(new Release(key, worker, held));
                    tokens.add(held);
                    if (held > 1) {
                        tokens.add(held - 1);
                    }
                }
                for (long token : tokens) {
                    commands.add(new Write(SinkKind.CURRENT_FENCE, key, token, RESULT, "p" + w));
                    commands.add(new Write(SinkKind.LATEST_TOKEN_WINS, key, token, RESULT, "p" + w));
                }
            }
        }
        TreeSet<Long> instants = new TreeSet<>();
        instants.add(model.now() + unit());
        for (KeyState key : model.keys().values()) {
            if (key.lease() != null) {
                long until = key.lease().until();
                instants.add(until - unit());
                instants.add(until);
                instants.add(until + unit());
            }
        }
        instants.tailSet(model.now(), false).forEach(to -> commands.add(new AdvanceClock(to)));
        return commands;
    }

    /** Answers other than the reference's that a database might give to {@code command}: the judge sorts them. */
    List<Outcome> otherAnswers(ProtocolState model, Command command) {
        long now = model.now();
        return switch (command) {
            case Acquire a -> {
                long highest = highest(model, a.key());
                List<Outcome> answers = new ArrayList<>();
                answers.add(new Busy());
                for (long token = Math.max(1, highest); token <= highest + 2; token++) {
                    answers.add(new Granted(token, now + ttl()));
                    answers.add(new Granted(token, now + ttl() - unit()));
                }
                yield answers;
            }
            case Renew r -> List.of(new RenewRejected(), new Renewed(now + ttl()), new Renewed(now + ttl() - unit()));
            case Release r -> List.of(new Released(), new ReleaseRejected());
            case Write w -> List.of(new Applied(), new Replayed(), new Conflict(), new Stale(), new Forged());
            default -> List.of();
        };
    }

    /** The situations an explored edge meets. */
    List<Situation> situations(State before, Command command, Outcome answer) {
        ProtocolState model = before.model();
        List<Situation> met = new ArrayList<>();
        switch (command) {
            case Acquire a when answer instanceof Granted -> {
                Lease held = model.key(a.key()).lease();
                if (held != null && !held.owner().equals(a.owner())) {
                    met.add(Situation.TAKEOVER);
                }
            }
            case Renew r -> {
                Lease held = model.key(r.key()).lease();
                if (held != null && Math.abs(held.until() - model.now()) <= unit()) {
                    met.add(Situation.RENEW_AT_THE_END);
                }
                if (answer instanceof RenewRejected) {
                    met.add(Situation.RENEW_REFUSED);
                }
            }
            case Release r when answer instanceof Released -> met.add(Situation.RELEASE);
            case Write w -> {
                long highest = highest(model, w.key());
                if (answer instanceof Stale) {
                    met.add(Situation.STALE_WRITE_REFUSED);
                }
                if (answer instanceof Forged && w.token() > highest) {
                    met.add(Situation.FORGED_WRITE_REFUSED);
                }
                Lease held = model.key(w.key()).lease();
                if (answer instanceof Applied && held != null && w.token() == held.token()
                        && !held.isHeldAt(model.now(), config.boundary())) {
                    met.add(Situation.OLDER_WRITE_ACCEPTED_BEFORE_TAKEOVER);
                }
            }
            default -> {
            }
        }
        return met;
    }

    /** The key a command acts on, if any. */
    static Optional<String> keyOf(Command command) {
        return switch (command) {
            case Acquire a -> Optional.of(a.key());
            case Renew r -> Optional.of(r.key());
            case Release r -> Optional.of(r.key());
            case Write w -> Optional.of(w.key());
            case Command.RolledBackWrite r -> Optional.of(r.write().key());
            case AdvanceClock c -> Optional.empty();
        };
    }

    private static long highest(ProtocolState model, String key) {
        Lease lease = model.key(key).lease();
        return lease == null ? 0 : lease.token();
    }

    /** How the settings read in a report line. */
    public String describe() {
        return workers + " workers, " + keys + (keys == 1 ? " key" : " keys") + ", depth " + depth + ", leases of "
                + ttlUnits + " units";
    }
}
