package fencecheck.job;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.StoredResult;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An open transaction: the locks it holds on job-state (lease) rows and what
 * it wrote, which no other session sees before it commits.
 *
 * @param claimedKey   the key whose job-state row its claim updated (and locks exclusively), or null
 * @param claimedToken the token of that claim
 * @param sharedKeys   keys whose lease row a fenced write locked FOR SHARE
 * @param fenced       its CURRENT_FENCE rows, by key, then result id
 * @param latest       its LATEST_TOKEN_WINS rows, by key
 * @param business     its business rows, by result id (all of the claimed key)
 * @param outbox       its outbox messages, in insertion order
 * @param leases       the lease rows its lease operations wrote (a grant, a renewal, a release), by key: seen by it
 *                     alone, and locked, until it commits them or rolls them back
 */
public record Transaction(
        String claimedKey,
        long claimedToken,
        SortedSet<String> sharedKeys,
        SortedMap<String, SortedMap<String, StoredResult>> fenced,
        SortedMap<String, StoredResult> latest,
        SortedMap<String, StoredResult> business,
        List<OutboxMessage> outbox,
        SortedMap<String, Lease> leases) {

    public static final Transaction EMPTY = new Transaction(null, 0, new TreeSet<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(),
            List.of(), new TreeMap<>());

    public Transaction {
        sharedKeys = Collections.unmodifiableSortedSet(new TreeSet<>(sharedKeys));
        SortedMap<String, SortedMap<String, StoredResult>> copy = new TreeMap<>();
        fenced.forEach((k, rows) -> copy.put(k, Collections.unmodifiableSortedMap(new TreeMap<>(rows))));
        fenced = Collections.unmodifiableSortedMap(copy);
        latest = Collections.unmodifiableSortedMap(new TreeMap<>(latest));
        business = Collections.unmodifiableSortedMap(new TreeMap<>(business));
        outbox = List.copyOf(outbox);
        leases = Collections.unmodifiableSortedMap(new TreeMap<>(leases));
    }

    /** A key's committed rows as this transaction sees them: its own lease row and sink rows over the committed ones. */
    public KeyState seen(String key, KeyState committed) {
        KeyState seen = leases.containsKey(key) ? committed.withLease(leases.get(key)) : committed;
        for (var row : fenced.getOrDefault(key, new TreeMap<>()).entrySet()) {
            seen = seen.withFenced(row.getKey(), row.getValue());
        }
        return latest.containsKey(key) ? seen.withLatest(latest.get(key)) : seen;
    }

    /** Every key it touched: claimed, locked for a write, written to a sink, leased. */
    public SortedSet<String> keys() {
        SortedSet<String> keys = new TreeSet<>(sharedKeys);
        if (claimedKey != null) {
            keys.add(claimedKey);
        }
        keys.addAll(fenced.keySet());
        keys.addAll(latest.keySet());
        keys.addAll(leases.keySet());
        return keys;
    }

    public boolean claimed() {
        return claimedKey != null;
    }

    /** Whether it holds {@code key}'s row in a mode that makes writers of that row wait. */
    public boolean locks(String key) {
        return locksExclusively(key) || sharedKeys.contains(key);
    }

    /** Whether it updated {@code key}'s row (a claim, a lease operation): then a fenced write's FOR SHARE waits too. */
    public boolean locksExclusively(String key) {
        return key.equals(claimedKey) || leases.containsKey(key);
    }

    public Transaction withLease(String key, Lease lease) {
        SortedMap<String, Lease> copy = new TreeMap<>(leases);
        copy.put(key, lease);
        return new Transaction(claimedKey, claimedToken, sharedKeys, fenced, latest, business, outbox, copy);
    }

    public Transaction withClaim(String key, long token) {
        return new Transaction(key, token, sharedKeys, fenced, latest, business, outbox, leases);
    }

    public Transaction withShared(String key) {
        SortedSet<String> keys = new TreeSet<>(sharedKeys);
        keys.add(key);
        return new Transaction(claimedKey, claimedToken, keys, fenced, latest, business, outbox, leases);
    }

    public Transaction withFenced(String key, String resultId, StoredResult row) {
        SortedMap<String, SortedMap<String, StoredResult>> copy = new TreeMap<>(fenced);
        SortedMap<String, StoredResult> rows = new TreeMap<>(copy.getOrDefault(key, new TreeMap<>()));
        rows.put(resultId, row);
        copy.put(key, rows);
        return new Transaction(claimedKey, claimedToken, sharedKeys, copy, latest, business, outbox, leases);
    }

    public Transaction withLatest(String key, StoredResult row) {
        SortedMap<String, StoredResult> copy = new TreeMap<>(latest);
        copy.put(key, row);
        return new Transaction(claimedKey, claimedToken, sharedKeys, fenced, copy, business, outbox, leases);
    }

    public Transaction withBusiness(String resultId, StoredResult row) {
        SortedMap<String, StoredResult> copy = new TreeMap<>(business);
        copy.put(resultId, row);
        return new Transaction(claimedKey, claimedToken, sharedKeys, fenced, latest, copy, outbox, leases);
    }

    public Transaction withOutbox(OutboxMessage message) {
        List<OutboxMessage> copy = new ArrayList<>(outbox);
        copy.add(message);
        return new Transaction(claimedKey, claimedToken, sharedKeys, fenced, latest, business, copy, leases);
    }
}
