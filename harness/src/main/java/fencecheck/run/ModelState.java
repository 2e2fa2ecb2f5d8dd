package fencecheck.run;

import fencecheck.job.JobRows;
import fencecheck.job.JobState;
import fencecheck.job.Transaction;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the model holds after one step of a try, as a reader compares it with the database: per job key the
 * committed rows (who holds the lease, under which token, until when; the fence, which is that token; the stored
 * results), and per session its open transaction. Kept with the history so that a page can show the model's
 * state at the failing step beside the rows the database showed there.
 *
 * @param step the step it is the state after, from 1
 * @param now  the model's clock (µs)
 * @param keys every key the model holds anything of, with its committed rows
 * @param open the open transactions by session
 */
public record ModelState(int step, long now, SortedMap<String, JobRows> keys, SortedMap<String, OpenTransaction> open) {

    public ModelState {
        keys = Collections.unmodifiableSortedMap(new TreeMap<>(keys == null ? new TreeMap<>() : keys));
        open = Collections.unmodifiableSortedMap(new TreeMap<>(open == null ? new TreeMap<>() : open));
    }

    /**
     * A session's open transaction.
     *
     * @param claimedKey   the key whose job it claimed, or null before a claim
     * @param claimedToken the token it claimed with, or null before a claim
     * @param keys         every key it touched
     */
    public record OpenTransaction(String claimedKey, Long claimedToken, List<String> keys) {
        public OpenTransaction {
            keys = keys == null ? List.of() : List.copyOf(keys);
        }
    }

    /** The model's state {@code s} after {@code step}. */
    static ModelState of(int step, JobState s) {
        SortedSet<String> names = new TreeSet<>(s.committed().keys().keySet());
        names.addAll(s.jobStates().keySet());
        names.addAll(s.business().keySet());
        names.addAll(s.effects().keySet());
        s.outbox().forEach(m -> names.add(m.key()));
        SortedMap<String, JobRows> keys = new TreeMap<>();
        for (String key : names) {
            keys.put(key, s.rows(key, null));
        }
        SortedMap<String, OpenTransaction> open = new TreeMap<>();
        s.open().forEach((session, t) -> open.put(session, open(t)));
        return new ModelState(step, s.now(), keys, open);
    }

    private static OpenTransaction open(Transaction t) {
        return new OpenTransaction(t.claimedKey(), t.claimed() ? Long.valueOf(t.claimedToken()) : null, new ArrayList<>(t.keys()));
    }
}
