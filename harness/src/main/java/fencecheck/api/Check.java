package fencecheck.api;

import org.apiguardian.api.API;

/**
 * The groups of situations fencecheck checks, one property of {@code FencecheckSuite} each; a suite names the ones it
 * runs in {@code @Fencecheck(checks = ...)}, and {@code -Dfencecheck.checks=LEASES,REAL_TIME} narrows them on the command
 * line. Every group has coverage floors: its property fails when a situation it is responsible for stays rarer than
 * its floor in the generated tries, so a green run has met what the group claims to test.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum Check {
    /** Lease operations and writes of several workers, clock moves onto lease ends, pauses, restarts and zombies. */
    LEASES,
    /**
     * The lease traces of {@link #LEASES} with network faults between each worker and the database (lost requests,
     * lost answers, statements held past a takeover, connection resets), crashes of workers mid-transaction and
     * restarts of the coordinator.
     */
    LEASE_FAULTS,
    /** Lease traces with one crash and restart of the database: what was committed must survive. */
    LEASE_CRASH,
    /**
     * Job transactions (claim, business rows, outbox) interleaved statement by statement with each other, the outbox
     * relay and the consumer. Skipped, with one line, for an implementation without a job transaction.
     */
    JOBS,
    /** Job statements, their COMMIT included, whose requests or answers the network loses. */
    JOB_FAULTS,
    /** A crash of the database with jobs open and statements waiting for row locks. */
    JOB_CRASH,
    /**
     * Workers on real threads on the database's own clock, with short real leases, pauses and lost answers; each
     * history is checked for linearizability against the model.
     */
    REAL_TIME,
    /**
     * One failover of a replicated database per try ({@code -Dfencecheck.db=replicated}); not applicable, with one
     * line, on any other database.
     */
    FAILOVER,
    /**
     * Every schedule of two workers on one key up to a depth ({@code -Dfencecheck.exhaustive.depth}, within
     * {@code -Dfencecheck.exhaustive.seconds}), breadth first, each run in lock step against the database: a finding's
     * trace is the shortest that fails. States that agree in the model, the beliefs, the clock and the tables are
     * expanded once where the implementation keeps all its state in the database (a SQL pack); a Java implementation
     * is explored without merging, to a smaller default depth. No coverage floors: what it covered is its verdict.
     */
    EXHAUSTIVE
}
