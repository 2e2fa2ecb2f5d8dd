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
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What the {@link ModelExplorer} explores: the claims of the model, how many workers and keys, how many steps, the
 * lease length, and from these the alphabet of commands at each state. Per worker and key: an acquire; a renew and a
 * release with the token the worker was last granted; writes to both sinks with that token, the one before it and one
 * above the key's highest (forged). The clock moves to one unit of the claimed resolution before, at and after each
 * lease's end, and one unit on. Every command is one a trace can make, resolved against what the workers believe.
 *
 * @param config    the claims the model is configured with
 * @param workers   how many workers ({@code w1}, {@code w2}, ...), 1 to 4
 * @param keys      how many keys ({@code k1}, ...), 1 to 3
 * @param depth     how many steps a path may have, at least 1
 * @param ttlUnits  the lease length every acquire and renew asks for, in units of the claimed resolution, at least 2
 * @param reduction which states are taken as one ({@link Reduction})
 */
public record ExplorationScope(ModelConfig config, int workers, int keys, int depth, int ttlUnits, Reduction reduction) {

    /** The one result id every fenced write uses, so that two workers' results under one token meet. */
    static final String RESULT = "r";

    /** How far in the past a lease end is still told apart from an older one, in units: see {@link Reduction#FULL}. */
    static final int PAST_UNITS = 2;

    private static final List<Outcome> WRITE_ANSWERS = List.of(new Applied(), new Replayed(), new Conflict(), new Stale(),
            new Forged());
    private static final List<Outcome> RELEASE_ANSWERS = List.of(new Released(), new ReleaseRejected());
    private static final String[] WORKERS = {"w1", "w2", "w3", "w4"};
    private static final String[] PAYLOADS = {"p1", "p2", "p3", "p4"};
    private static final String[] KEYS = {"k1", "k2", "k3"};

    /** Which states the explorer takes as one and expands once. */
    public enum Reduction {
        /**
         * States equal with the clock taken as zero, workers and keys renamed to a canonical order (the model and its
         * judge read names only to compare them, and the alphabet is the same for every worker and key), and lease
         * ends more than {@link #PAST_UNITS} units in the past taken as equal (an ended lease never holds again, and
         * no rule, admitted answer or invariant compares its end with an instant earlier than one unit before now).
         */
        FULL,
        /** States equal with the clock taken as zero, and nothing else: what {@link #FULL} is checked against. */
        CLOCK_ONLY
    }

    public ExplorationScope {
        if (workers < 1 || workers > 4 || keys < 1 || keys > 3 || depth < 1 || ttlUnits < 2) {
            throw new IllegalArgumentException("an exploration needs 1-4 workers, 1-3 keys, a depth of at least 1 and a"
                    + " lease of at least 2 units, not " + workers + " workers, " + keys + " keys, depth " + depth
                    + ", " + ttlUnits + " units");
        }
    }

    /** A scope with the full reduction. */
    public ExplorationScope(ModelConfig config, int workers, int keys, int depth, int ttlUnits) {
        this(config, workers, keys, depth, ttlUnits, Reduction.FULL);
    }

    /** The same scope to another depth. */
    public ExplorationScope withDepth(int newDepth) {
        return new ExplorationScope(config, workers, keys, newDepth, ttlUnits, reduction);
    }

    /** The same scope with another reduction. */
    public ExplorationScope with(Reduction newReduction) {
        return new ExplorationScope(config, workers, keys, depth, ttlUnits, newReduction);
    }

    /** What the explored edges met, so a test can show the search reaches what it claims to check. */
    public enum Situation {
        TAKEOVER, RENEW_AT_THE_END, STALE_WRITE_REFUSED, FORGED_WRITE_REFUSED, OLDER_WRITE_ACCEPTED_BEFORE_TAKEOVER,
        RELEASE, RENEW_REFUSED, ADMITTED_OTHER_ANSWER
    }

    /**
     * A state of the search: the model's state (on its own clock), what each worker believes it holds (the token it
     * was last granted, per worker and key at {@code worker * keys + key}, 0 for none) and what the invariants
     * remember of the path.
     */
    record State(ProtocolState model, long[] beliefs, InvariantMonitor monitor) {

        State after(Command command, Outcome answer, ProtocolState next, InvariantMonitor remembered, int keys) {
            long[] believed = beliefs;
            if (command instanceof Acquire a && answer instanceof Granted g) {
                believed = beliefs.clone();
                believed[workerIndex(a.owner()) * keys + keyIndex(a.key())] = g.token();
            }
            return new State(next, believed, remembered);
        }
    }

    State start() {
        return new State(ProtocolState.at(0), new long[workers * keys], InvariantMonitor.start(workers, keys));
    }

    static String worker(int index) {
        return WORKERS[index];
    }

    static String key(int index) {
        return KEYS[index];
    }

    /** A worker's index ({@code w1} is 0); an owner no worker of a scope is refused. */
    static int workerIndex(String owner) {
        int i = owner.length() == 2 && owner.charAt(0) == 'w' ? owner.charAt(1) - '1' : -1;
        if (i < 0 || i >= WORKERS.length) {
            throw new IllegalStateException("owner " + owner + " is no worker of an exploration");
        }
        return i;
    }

    /** A payload's writer ({@code p1} is 0), or -1 for a payload no worker writes. */
    static int payloadIndex(String payload) {
        int i = payload.length() == 2 && payload.charAt(0) == 'p' ? payload.charAt(1) - '1' : -1;
        return i >= 0 && i < PAYLOADS.length ? i : -1;
    }

    static int keyIndex(String key) {
        int i = key.length() == 2 && key.charAt(0) == 'k' ? key.charAt(1) - '1' : -1;
        if (i < 0 || i >= KEYS.length) {
            throw new IllegalStateException("key " + key + " is no key of an exploration");
        }
        return i;
    }

    long unit() {
        return config.resolution().unitMicros();
    }

    long ttl() {
        return ttlUnits * unit();
    }

    /** The commands of the alphabet at {@code state}, always in the same order (a path is replayed by their indexes). */
    List<Command> commands(State state) {
        ProtocolState model = state.model();
        List<Command> commands = new ArrayList<>(24 * workers * keys);
        for (int k = 0; k < keys; k++) {
            String key = KEYS[k];
            long highest = highest(model, key);
            for (int w = 0; w < workers; w++) {
                String worker = WORKERS[w];
                String payload = PAYLOADS[w];
                commands.add(new Acquire(key, worker, ttl()));
                long held = state.beliefs()[w * keys + k];
                if (held != 0) {
                    commands.add(new Renew(key, worker, held, ttl()));
                    commands.add(new Release(key, worker, held));
                }
                // the tokens written with, ascending and each once: the one before the held one, the held one, a forged one
                long[] tokens = held == 0 ? new long[]{highest + 1} : held > 1 ? new long[]{held - 1, held, highest + 1}
                        : new long[]{held, highest + 1};
                Arrays.sort(tokens);
                long last = Long.MIN_VALUE;
                for (long token : tokens) {
                    if (token <= last) {
                        continue;
                    }
                    last = token;
                    commands.add(new Write(SinkKind.CURRENT_FENCE, key, token, RESULT, payload));
                    commands.add(new Write(SinkKind.LATEST_TOKEN_WINS, key, token, RESULT, payload));
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
            case Release r -> RELEASE_ANSWERS;
            case Write w -> WRITE_ANSWERS;
            default -> List.of();
        };
    }

    /** Counts in {@code met} (by ordinal) the situations an explored edge meets; {@code rows} are its key's before it. */
    void count(KeyState rows, long now, Command command, Outcome answer, long[] met) {
        Lease held = rows == null ? null : rows.lease();
        switch (command) {
            case Acquire a when answer instanceof Granted -> {
                if (held != null && !held.owner().equals(a.owner())) {
                    count(met, Situation.TAKEOVER);
                }
            }
            case Renew r -> {
                if (held != null && Math.abs(held.until() - now) <= unit()) {
                    count(met, Situation.RENEW_AT_THE_END);
                }
                if (answer instanceof RenewRejected) {
                    count(met, Situation.RENEW_REFUSED);
                }
            }
            case Release r when answer instanceof Released -> count(met, Situation.RELEASE);
            case Write w -> {
                long highest = held == null ? 0 : held.token();
                if (answer instanceof Stale) {
                    count(met, Situation.STALE_WRITE_REFUSED);
                }
                if (answer instanceof Forged && w.token() > highest) {
                    count(met, Situation.FORGED_WRITE_REFUSED);
                }
                if (answer instanceof Applied && held != null && w.token() == held.token()
                        && !held.isHeldAt(now, config.boundary())) {
                    count(met, Situation.OLDER_WRITE_ACCEPTED_BEFORE_TAKEOVER);
                }
            }
            default -> {
            }
        }
    }

    private static void count(long[] met, Situation situation) {
        met[situation.ordinal()]++;
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

    /** The index of the key a command acts on, or -1 for a clock move. */
    static int keyIndexOf(Command command) {
        return switch (command) {
            case Acquire a -> keyIndex(a.key());
            case Renew r -> keyIndex(r.key());
            case Release r -> keyIndex(r.key());
            case Write w -> keyIndex(w.key());
            case Command.RolledBackWrite r -> keyIndex(r.write().key());
            case AdvanceClock c -> -1;
        };
    }

    /** The index of the worker that makes a command (a write's by its payload), or -1 for a clock move. */
    static int workerIndexOf(Command command) {
        return switch (command) {
            case Acquire a -> workerIndex(a.owner());
            case Renew r -> workerIndex(r.owner());
            case Release r -> workerIndex(r.owner());
            case Write w -> payloadIndex(w.payload());
            case Command.RolledBackWrite r -> payloadIndex(r.write().payload());
            case AdvanceClock c -> -1;
        };
    }

    private static long highest(ProtocolState model, String key) {
        Lease lease = model.key(key).lease();
        return lease == null ? 0 : lease.token();
    }

    /** How the settings read in a report line. */
    public String describe() {
        return workers + " workers, " + keys + (keys == 1 ? " key" : " keys") + ", depth " + depth + ", leases of "
                + ttlUnits + " units" + (reduction == Reduction.FULL ? "" : ", reduced by the clock only");
    }
}
