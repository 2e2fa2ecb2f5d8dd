package fencecheck.run;

import fencecheck.job.JobRows;
import fencecheck.job.JobState;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The state of a try when it is quiet (every started statement answered, or blocked by another session), as a value:
 * two tries that reach the same situation by different traces have equal quiet states, whatever each saw on the way.
 * Exploring compares and fingerprints these instead of re-running the prefix that led to one.
 *
 * @param model        the model's state: committed rows, open transactions, statements waiting, and the model's clock
 * @param knowledge    what each session believes: the lease it holds, what it believed when its open transaction
 *                     began, its last write and its statement whose answer never came
 * @param incarnations which incarnation of each worker acts, which are zombies, which are paused
 * @param inFlight     the calls still in flight though the try is quiet (held by the network, stopped by a split, or
 *                     waiting for a lock), by session
 * @param clock        the database's clock as its next statement reads it (µs)
 * @param rows         per key the model holds anything of, the committed rows the database shows
 */
record QuietState(JobState model, Knowledge knowledge, Incarnations.Roster incarnations,
                  SortedMap<String, Running.InFlight> inFlight, long clock, SortedMap<String, JobRows> rows) {

    QuietState {
        if (model == null || knowledge == null || incarnations == null) {
            throw new IllegalArgumentException("a quiet state needs the model's state, what the sessions know and the incarnations");
        }
        inFlight = Collections.unmodifiableSortedMap(new TreeMap<>(inFlight == null ? Map.of() : inFlight));
        rows = Collections.unmodifiableSortedMap(new TreeMap<>(rows == null ? Map.of() : rows));
    }

    /** The same state with the database's clock at {@code now}; this one is unchanged. */
    QuietState withClock(long now) {
        return new QuietState(model, knowledge, incarnations, inFlight, now, rows);
    }

    /** The same state with {@code session}'s belief (null: it believes it holds nothing); this one is unchanged. */
    QuietState withBelief(String session, Workers.Belief belief) {
        return new QuietState(model, knowledge.believing(session, belief), incarnations, inFlight, clock, rows);
    }

    /**
     * A 64-bit fingerprint of the state, the same in every process (the first bytes of a SHA-256 of its text form,
     * whose maps are all sorted): equal states have equal fingerprints, and different ones differ but for a chance of
     * about one in 2^64 per pair, as TLC's fingerprints of its states.
     */
    long fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(toString().getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.wrap(digest).getLong();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
