package fencecheck.job;

import fencecheck.api.Lease;
import fencecheck.api.SinkKind;
import fencecheck.job.JobCommand.Write;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the model assumes and the runner guarantees, because a trace cannot
 * produce anything else (a session writes and claims only with the token
 * granted to it, for the key of that grant): a transaction touches one job
 * key; no two open transactions insert the same fenced row; no lock wait
 * closes a cycle. PostgreSQL's answers there (a wait on another
 * transaction's unique row, a deadlock error) are not modelled, so the
 * model refuses rather than guess.
 */
final class ModelScope {

    private final RowLocks locks;

    ModelScope(RowLocks locks) {
        this.locks = locks;
    }

    /** @throws IllegalArgumentException when the command is out of the model's scope */
    void requireInScope(JobState state, JobCommand command) {
        requireOneKey(state, command);
        String session = JobCommand.sessionOf(command);
        String key = RowLocks.lockedKey(command);
        if (session == null || key == null) {
            return;
        }
        Lease lease = state.committed().key(key).lease();
        if (command instanceof Write w && w.write().sink() == SinkKind.CURRENT_FENCE && lease != null
                && lease.token() == w.write().token()) {
            for (Map.Entry<String, Transaction> other : state.open().entrySet()) {
                if (!other.getKey().equals(session)
                        && other.getValue().fenced().getOrDefault(key, new TreeMap<>()).containsKey(w.write().resultId())) {
                    throw new IllegalArgumentException(session + " writes fenced row " + key + "/" + w.write().resultId()
                            + " that " + other.getKey() + "'s open transaction inserted: out of the model's scope"
                            + " (two sessions never hold the same token)");
                }
            }
        }
        if (locks.mustWait(state, session, command, state.now()) && waitsOnItself(state, session, key, new HashSet<>())) {
            throw new IllegalArgumentException(session + " would wait for " + key + " in a cycle of waits (a deadlock):"
                    + " out of the model's scope (a transaction touches one job key)");
        }
    }

    /** A transaction touches one job key: the runner guarantees it (a session writes only under its own grant). */
    static void requireOneKey(JobState state, JobCommand command) {
        String session = JobCommand.sessionOf(command);
        String key = RowLocks.lockedKey(command);
        if (session == null || key == null) {
            return;
        }
        Transaction own = state.transaction(session);
        if (own != null) {
            Set<String> keys = new TreeSet<>(own.keys());
            keys.remove(key);
            if (!keys.isEmpty()) {
                throw new IllegalArgumentException(session + "'s transaction already touched " + keys + " and now " + key
                        + ": out of the model's scope (a transaction touches one job key)");
            }
        }
    }

    /** Whether some holder of {@code key} waits, directly or through others, for a row {@code session} holds. */
    private static boolean waitsOnItself(JobState state, String session, String key, Set<String> seen) {
        for (Map.Entry<String, Transaction> holder : state.open().entrySet()) {
            String h = holder.getKey();
            if (h.equals(session) || !holder.getValue().locks(key) || !seen.add(h)) {
                continue;
            }
            for (Waiter waiter : state.waiting()) {
                if (waiter.session().equals(h)) {
                    String next = RowLocks.lockedKey(waiter.command());
                    Transaction mine = state.transaction(session);
                    if (mine != null && mine.locks(next)) {
                        return true;
                    }
                    if (waitsOnItself(state, session, next, seen)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
