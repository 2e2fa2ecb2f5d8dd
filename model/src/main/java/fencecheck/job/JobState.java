package fencecheck.job;

import fencecheck.api.KeyState;
import fencecheck.api.StoredResult;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The committed state of leases, sinks, job rows, outbox and consumer, plus
 * the open transactions and the statements waiting for row locks.
 *
 * @param committed     leases, CURRENT_FENCE rows and the clock, as the lease model keeps them
 * @param jobStates     per key, the token of the last committed claim of its job-state row
 * @param business      per key, the committed business rows by result id
 * @param outbox        committed outbox messages, in the order the relay reads them
 * @param effects       per key and result id, how many times the consumer applied the effect
 * @param open          open transactions by session
 * @param waiting       statements waiting for a row lock, first come first
 * @param nextMessageId the id the next outbox row gets (ids are taken at insertion, even by transactions that roll back)
 * @param lastDelivered the id of the message the relay handed over last, or 0
 */
public record JobState(
        ProtocolState committed,
        SortedMap<String, Long> jobStates,
        SortedMap<String, SortedMap<String, StoredResult>> business,
        List<OutboxMessage> outbox,
        SortedMap<String, SortedMap<String, Integer>> effects,
        SortedMap<String, Transaction> open,
        List<Waiter> waiting,
        long nextMessageId,
        long lastDelivered) {

    public JobState {
        jobStates = Collections.unmodifiableSortedMap(new TreeMap<>(jobStates));
        business = nested(business);
        outbox = List.copyOf(outbox);
        effects = nested(effects);
        open = Collections.unmodifiableSortedMap(new TreeMap<>(open));
        waiting = List.copyOf(waiting);
    }

    public static JobState at(long now) {
        return new JobState(ProtocolState.at(now), new TreeMap<>(), new TreeMap<>(), List.of(), new TreeMap<>(),
                new TreeMap<>(), List.of(), 1, 0);
    }

    public long now() {
        return committed.now();
    }

    public Transaction transaction(String session) {
        return open.get(session);
    }

    public boolean isWaiting(String session) {
        return waiting.stream().anyMatch(w -> w.session().equals(session));
    }

    /**
     * The rows of {@code key} as {@code session} sees them: what is committed,
     * plus what its own open transaction wrote. A null session sees what is committed.
     * The job-state token is always the committed one: at which statement of its
     * transaction a job writes it is the implementation's choice.
     */
    public JobRows rows(String key, String session) {
        KeyState protocol = committed.key(key);
        Long jobState = jobStates.get(key);
        SortedMap<String, StoredResult> businessRows = new TreeMap<>(business.getOrDefault(key, new TreeMap<>()));
        List<OutboxMessage> messages = new ArrayList<>(outbox);
        Transaction own = session == null ? null : open.get(session);
        if (own != null) {
            protocol = own.seen(key, protocol);
            if (key.equals(own.claimedKey())) {
                businessRows.putAll(own.business());
                messages.addAll(own.outbox());
            }
        }
        messages.sort(Comparator.comparingLong(OutboxMessage::id));
        List<JobRows.Message> ofKey = messages.stream().filter(m -> m.key().equals(key))
                .map(m -> new JobRows.Message(m.resultId(), m.token(), m.payload(), m.delivered())).toList();
        return new JobRows(protocol, jobState, businessRows, ofKey, effects.getOrDefault(key, new TreeMap<>()));
    }

    JobState with(ProtocolState newCommitted) {
        return new JobState(newCommitted, jobStates, business, outbox, effects, open, waiting, nextMessageId, lastDelivered);
    }

    JobState withOpen(SortedMap<String, Transaction> newOpen) {
        return new JobState(committed, jobStates, business, outbox, effects, newOpen, waiting, nextMessageId, lastDelivered);
    }

    JobState withWaiting(List<Waiter> newWaiting) {
        return new JobState(committed, jobStates, business, outbox, effects, open, newWaiting, nextMessageId, lastDelivered);
    }

    /** With {@code tx} as the open transaction of {@code session}. */
    JobState withTransaction(String session, Transaction tx) {
        SortedMap<String, Transaction> newOpen = new TreeMap<>(open);
        newOpen.put(session, tx);
        return withOpen(newOpen);
    }

    private static <V> SortedMap<String, SortedMap<String, V>> nested(SortedMap<String, SortedMap<String, V>> map) {
        SortedMap<String, SortedMap<String, V>> copy = new TreeMap<>();
        map.forEach((k, v) -> copy.put(k, Collections.unmodifiableSortedMap(new TreeMap<>(v))));
        return Collections.unmodifiableSortedMap(copy);
    }
}
