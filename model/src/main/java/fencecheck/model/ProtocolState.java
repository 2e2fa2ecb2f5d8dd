package fencecheck.model;

import fencecheck.api.KeyState;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The whole protocol state: the database clock and the state of every job key.
 * Keys are independent: no rule reads another key's state.
 */
public record ProtocolState(long now, SortedMap<String, KeyState> keys) {

    public ProtocolState {
        keys = Collections.unmodifiableSortedMap(new TreeMap<>(keys));
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
        return new ProtocolState(now, copy);
    }

    public ProtocolState withNow(long newNow) {
        return new ProtocolState(newNow, keys);
    }
}
