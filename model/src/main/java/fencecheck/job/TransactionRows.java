package fencecheck.job;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.job.JobCommand.BusinessRow;
import fencecheck.job.JobCommand.OutboxRow;
import fencecheck.job.JobOutcome.AlreadyThere;
import fencecheck.job.JobOutcome.Inserted;
import fencecheck.job.JobOutcome.Skipped;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

import static fencecheck.job.JobTransition.done;

/**
 * The rest of the job transaction, statements that wait for no row: its begin, the business and outbox rows a
 * claimed transaction inserts, and what its commit makes everyone's.
 */
final class TransactionRows {

    private TransactionRows() {
    }

    static JobState begin(JobState state, String session) {
        return state.transaction(session) != null ? state : state.withTransaction(session, Transaction.EMPTY);
    }

    static JobTransition business(JobState state, BusinessRow b) {
        Transaction own = state.transaction(b.session());
        if (own == null || !own.claimed()) {
            return done(state, new Skipped());
        }
        String key = own.claimedKey();
        if (own.business().containsKey(b.resultId())
                || state.business().getOrDefault(key, new TreeMap<>()).containsKey(b.resultId())) {
            return done(state, new AlreadyThere());
        }
        Transaction next = own.withBusiness(b.resultId(), new StoredResult(own.claimedToken(), b.payload()));
        return done(state.withTransaction(b.session(), next), new Inserted());
    }

    static JobTransition outbox(JobState state, OutboxRow o) {
        Transaction own = state.transaction(o.session());
        if (own == null || !own.claimed()) {
            return done(state, new Skipped());
        }
        String key = own.claimedKey();
        boolean there = Stream.concat(state.outbox().stream(), own.outbox().stream())
                .anyMatch(m -> m.key().equals(key) && m.resultId().equals(o.resultId()));
        if (there) {
            return done(state, new AlreadyThere());
        }
        OutboxMessage message = new OutboxMessage(state.nextMessageId(), key, o.resultId(), own.claimedToken(), o.payload(), false);
        JobState next = state.withTransaction(o.session(), own.withOutbox(message));
        return done(new JobState(next.committed(), next.jobStates(), next.business(), next.outbox(), next.effects(),
                next.open(), next.waiting(), next.nextMessageId() + 1, next.lastDelivered()), new Inserted());
    }

    /** A commit makes the transaction's rows everyone's. */
    static JobState apply(JobState state, Transaction tx) {
        ProtocolState committed = state.committed();
        for (Map.Entry<String, Lease> lease : tx.leases().entrySet()) {
            committed = committed.with(lease.getKey(), committed.key(lease.getKey()).withLease(lease.getValue()));
        }
        for (Map.Entry<String, SortedMap<String, StoredResult>> key : tx.fenced().entrySet()) {
            KeyState rows = committed.key(key.getKey());
            for (Map.Entry<String, StoredResult> row : key.getValue().entrySet()) {
                if (!rows.fenced().containsKey(row.getKey())) {
                    rows = rows.withFenced(row.getKey(), row.getValue());
                }
            }
            committed = committed.with(key.getKey(), rows);
        }
        for (Map.Entry<String, StoredResult> row : tx.latest().entrySet()) {
            committed = committed.with(row.getKey(), committed.key(row.getKey()).withLatest(row.getValue()));
        }
        SortedMap<String, Long> jobStates = new TreeMap<>(state.jobStates());
        SortedMap<String, SortedMap<String, StoredResult>> business = new TreeMap<>(state.business());
        if (tx.claimed()) {
            jobStates.put(tx.claimedKey(), tx.claimedToken());
            SortedMap<String, StoredResult> rows = new TreeMap<>(business.getOrDefault(tx.claimedKey(), new TreeMap<>()));
            tx.business().forEach(rows::putIfAbsent);
            business.put(tx.claimedKey(), rows);
        }
        List<OutboxMessage> outbox = new ArrayList<>(state.outbox());
        outbox.addAll(tx.outbox());
        outbox.sort(Comparator.comparingLong(OutboxMessage::id));
        return new JobState(committed, jobStates, business, outbox, state.effects(), state.open(), state.waiting(),
                state.nextMessageId(), state.lastDelivered());
    }
}
