package fencecheck.model;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything the protocol stores for one job key: these are also the rows the
 * database holds for it, so the two can be compared field by field.
 *
 * @param lease  the lease row, or {@code null} when the key was never granted
 * @param latest the {@code LATEST_TOKEN_WINS} row, or {@code null} when nothing was written
 * @param fenced the {@code CURRENT_FENCE} rows by result id
 */
public record KeyState(Lease lease, StoredResult latest, SortedMap<String, StoredResult> fenced) {

    public static final KeyState EMPTY = new KeyState(null, null, new TreeMap<>());

    public KeyState {
        fenced = Collections.unmodifiableSortedMap(new TreeMap<>(fenced));
    }

    public KeyState withLease(Lease newLease) {
        return new KeyState(newLease, latest, fenced);
    }

    public KeyState withLatest(StoredResult newLatest) {
        return new KeyState(lease, newLatest, fenced);
    }

    public KeyState withFenced(String resultId, StoredResult result) {
        SortedMap<String, StoredResult> copy = new TreeMap<>(fenced);
        copy.put(resultId, result);
        return new KeyState(lease, latest, copy);
    }
}
