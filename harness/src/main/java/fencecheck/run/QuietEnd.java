package fencecheck.run;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A try that ran to its end: its result, and the lease each session believes it holds then, as the runner's workers
 * know it ({@link QuietState#knowledge()}): what exploring compares beliefs by, without deriving them again from
 * the history.
 *
 * @param result  the try's result
 * @param beliefs per session (an incarnation's label) that believes it holds a lease, that lease
 */
public record QuietEnd(TryResult result, SortedMap<String, Held> beliefs) {

    public QuietEnd {
        beliefs = Collections.unmodifiableSortedMap(new TreeMap<>(beliefs));
    }

    /**
     * A lease a session believes it holds.
     *
     * @param key   its key
     * @param token the token of the grant it heard of
     */
    public record Held(String key, long token) {
    }

    static QuietEnd of(TryResult result, Knowledge knowledge) {
        SortedMap<String, Held> beliefs = new TreeMap<>();
        knowledge.held().forEach((session, belief) -> beliefs.put(session, new Held(belief.key(), belief.token())));
        return new QuietEnd(result, beliefs);
    }
}
