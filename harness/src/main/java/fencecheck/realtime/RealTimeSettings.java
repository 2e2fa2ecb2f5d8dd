package fencecheck.realtime;

import fencecheck.check.Linearizability;

/**
 * How a real-time run is driven. Durations are real milliseconds.
 *
 * @param workers         worker processes running at once (each restart adds an incarnation)
 * @param keys            job keys they compete for
 * @param durationMillis  how long the workers run
 * @param ttlMinMillis    the shortest lease a worker asks for
 * @param ttlMaxMillis    the longest
 * @param networkFaults   whether each session goes through a fault proxy of its own, and the nemesis loses requests and answers
 * @param nemesisMillis   the mean time between two acts of the nemesis (pause, restart, network fault)
 * @param answerMillis    how long a worker waits for an answer before it counts it as lost (a lost one waits {@link #lostMillis})
 * @param lostMillis      how long a worker waits for an answer the nemesis took away
 * @param seed            the seed of every random choice (the threads' timing is not reproducible)
 * @param maxStates       the checker's budget per key
 * @param shrinkMillis    how long a failing history may be shrunk
 * @param failoverMillis  on a replicated database fencecheck started, the mean time between the end of one failover
 *                        and the next (the first comes in the run's second fifth to half); 0 for none
 */
public record RealTimeSettings(int workers, int keys, long durationMillis, long ttlMinMillis, long ttlMaxMillis, boolean networkFaults,
                               long nemesisMillis, long answerMillis, long lostMillis, long seed, long maxStates, long shrinkMillis,
                               long failoverMillis) {

    /** The mean time between failovers unless told otherwise: a failover with its rejoin takes 1 to 5 s here. */
    public static final long DEFAULT_FAILOVER_MILLIS = 2_000;

    /** Settings with the default failovers ({@link #DEFAULT_FAILOVER_MILLIS}, on a replicated database only). */
    public RealTimeSettings(int workers, int keys, long durationMillis, long ttlMinMillis, long ttlMaxMillis, boolean networkFaults,
                            long nemesisMillis, long answerMillis, long lostMillis, long seed, long maxStates, long shrinkMillis) {
        this(workers, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis, lostMillis, seed,
                maxStates, shrinkMillis, DEFAULT_FAILOVER_MILLIS);
    }

    /** A short run for {@code mvn verify}: four workers on two keys for {@code durationMillis}, every fault on. */
    public static RealTimeSettings quick(long durationMillis, long seed) {
        return new RealTimeSettings(4, 2, durationMillis, 50, 300, true, 150, 3_000, 100, seed,
                Linearizability.DEFAULT_MAX_STATES, 20_000);
    }

    public RealTimeSettings {
        if (ttlMinMillis <= 0 || ttlMaxMillis < ttlMinMillis) {
            throw new IllegalArgumentException("leases of " + ttlMinMillis + ".." + ttlMaxMillis
                    + " ms: the shortest must be above 0 and the longest at least the shortest");
        }
        if (failoverMillis < 0) {
            throw new IllegalArgumentException("a mean time between failovers of " + failoverMillis + " ms: give 0 (none) or more");
        }
    }

    /** The mean time between failovers on a replicated database; 0: none. */
    public RealTimeSettings withFailoverMillis(long millis) {
        return new RealTimeSettings(workers, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, maxStates, shrinkMillis, millis);
    }

    /** Leases of {@code minMillis} to {@code maxMillis} (both included; equal for one length). */
    public RealTimeSettings withTtl(long minMillis, long maxMillis) {
        return new RealTimeSettings(workers, keys, durationMillis, minMillis, maxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, maxStates, shrinkMillis, failoverMillis);
    }

    public RealTimeSettings withDuration(long millis) {
        return new RealTimeSettings(workers, keys, millis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, maxStates, shrinkMillis, failoverMillis);
    }

    public RealTimeSettings withWorkers(int n) {
        return new RealTimeSettings(n, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, maxStates, shrinkMillis, failoverMillis);
    }

    public RealTimeSettings withSeed(long newSeed) {
        return new RealTimeSettings(workers, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, newSeed, maxStates, shrinkMillis, failoverMillis);
    }

    public RealTimeSettings withShrinkMillis(long millis) {
        return new RealTimeSettings(workers, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, maxStates, millis, failoverMillis);
    }

    public RealTimeSettings withMaxStates(long states) {
        return new RealTimeSettings(workers, keys, durationMillis, ttlMinMillis, ttlMaxMillis, networkFaults, nemesisMillis, answerMillis,
                lostMillis, seed, states, shrinkMillis, failoverMillis);
    }
}
