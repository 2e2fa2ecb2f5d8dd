package fencecheck.api;

import org.apiguardian.api.API;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything the protocol stores for one job key: these are also the rows the
 * database holds for it, so the two can be compared field by field. What a client's {@code inspect} answers.
 *
 * @param lease  the lease row, or {@code null} when the key was never granted
 * @param latest the {@code LATEST_TOKEN_WINS} row, or {@code null} when nothing was written
 * @param fenced the {@code CURRENT_FENCE} rows by result id
 */
@API(status = API.Status.STABLE, since = "0.1")
public record KeyState(Lease lease, StoredResult latest, SortedMap<String, StoredResult> fenced) {

    /** A key never granted nor written. */
    public static final KeyState EMPTY = new KeyState(null, null, new TreeMap<>());

    /** Keeps an unmodifiable copy of {@code fenced}. */
    public KeyState {
        fenced = Collections.unmodifiableSortedMap(new TreeMap<>(fenced));
    }

    /**
     * The same rows with another lease row.
     *
     * @param newLease the lease row, or {@code null}
     * @return the rows with it
     */
    public KeyState withLease(Lease newLease) {
        return new KeyState(newLease, latest, fenced);
    }

    /**
     * The same rows with another latest-token row.
     *
     * @param newLatest the latest-token row, or {@code null}
     * @return the rows with it
     */
    public KeyState withLatest(StoredResult newLatest) {
        return new KeyState(lease, newLatest, fenced);
    }

    /**
     * The same rows with one more (or another) fenced row.
     *
     * @param resultId the result id of the row
     * @param result   what it stores
     * @return the rows with it
     */
    public KeyState withFenced(String resultId, StoredResult result) {
        SortedMap<String, StoredResult> copy = new TreeMap<>(fenced);
        copy.put(resultId, result);
        return new KeyState(lease, latest, copy);
    }
}
