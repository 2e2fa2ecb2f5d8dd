package fencecheck.model;

import fencecheck.api.KeyState;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The whole protocol state: the database clock and the state of every job key.
 * Keys are independent: no rule reads another key's state.
 *
 * <p>{@code released} is what the rows do not say: per key, the token of the lease its holder released. A release
 * stored as {@code until = now} leaves the lease valid for that instant under the inclusive boundary (or up to the
 * rounding of a millisecond column), and its row is then the row of a lease that merely ends there; what the holder
 * may be granted again differs (the lease as the release left it, not a later end: invariant 3 calls that a token
 * reused after its release). A later grant or a renewal of the key makes the memory stale: it is read only while the
 * lease row still carries that token and nothing revived it.
 */
public record ProtocolState(long now, SortedMap<String, KeyState> keys, Map<String, Long> released) {

    public ProtocolState {
        keys = Collections.unmodifiableSortedMap(new TreeMap<>(keys));
        // Map.copyOf keeps a memory it made as it is: most steps hand it on unchanged, and are not to copy it again
        released = Map.copyOf(released);
    }

    /** A state with nothing released: what rows read back from a database give. */
    public ProtocolState(long now, SortedMap<String, KeyState> keys) {
        this(now, keys, Map.of());
    }

    public static ProtocolState at(long now) {
        return new ProtocolState(now, new TreeMap<>());
    }

    public KeyState key(String key) {
        return keys.getOrDefault(key, KeyState.EMPTY);
    }

    public ProtocolState with(String key, KeyState state) {
        SortedMap<String, KeyState> copy = new TreeMap<>(keys);
        copy.put(key, state);
        return new ProtocolState(now, copy, released);
    }

    public ProtocolState withNow(long newNow) {
        return new ProtocolState(newNow, keys, released);
    }

    /** Whether the holder of {@code key}'s lease released it and nothing granted or revived it since. */
    public boolean releasedByHolder(String key) {
        Long token = released.get(key);
        return token != null && key(key).lease() != null && key(key).lease().token() == token;
    }

    /** The same state remembering that {@code key}'s holder released the lease of {@code token}. */
    public ProtocolState withReleased(String key, long token) {
        if (Long.valueOf(token).equals(released.get(key))) {
            return this;
        }
        Map<String, Long> copy = new HashMap<>(released);
        copy.put(key, token);
        return new ProtocolState(now, keys, copy);
    }

    /** The same state with {@code key}'s lease no longer released: granted anew or revived. */
    public ProtocolState withoutReleased(String key) {
        if (!released.containsKey(key)) {
            return this;
        }
        Map<String, Long> copy = new HashMap<>(released);
        copy.remove(key);
        return new ProtocolState(now, keys, copy);
    }
}
