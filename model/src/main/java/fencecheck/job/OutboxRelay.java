package fencecheck.job;

import fencecheck.job.JobOutcome.Delivered;
import fencecheck.job.JobOutcome.NothingToDeliver;

import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import static fencecheck.job.JobTransition.done;

/** The outbox relay, which hands committed messages over in order, and the consumer, which applies each effect once. */
final class OutboxRelay {

    private OutboxRelay() {
    }

    static JobTransition relay(JobState state, boolean crashBeforeMark) {
        Optional<OutboxMessage> next = state.outbox().stream().filter(m -> !m.delivered()).findFirst();
        if (next.isEmpty()) {
            return done(state, new NothingToDeliver());
        }
        OutboxMessage message = next.get();
        List<OutboxMessage> outbox = state.outbox().stream()
                .map(m -> m.id() == message.id() && !crashBeforeMark ? m.markedDelivered() : m).toList();
        return consume(state, outbox, message, !crashBeforeMark);
    }

    static JobTransition redeliver(JobState state) {
        Optional<OutboxMessage> last = state.outbox().stream().filter(m -> m.id() == state.lastDelivered()).findFirst();
        return last.isEmpty() ? done(state, new NothingToDeliver()) : consume(state, state.outbox(), last.get(), false);
    }

    /** The consumer applies a business key's effect once, remembering the key in the same transaction. */
    private static JobTransition consume(JobState state, List<OutboxMessage> outbox, OutboxMessage message, boolean marked) {
        SortedMap<String, SortedMap<String, Integer>> effects = new TreeMap<>(state.effects());
        SortedMap<String, Integer> ofKey = new TreeMap<>(effects.getOrDefault(message.key(), new TreeMap<>()));
        boolean effect = !ofKey.containsKey(message.resultId());
        if (effect) {
            ofKey.put(message.resultId(), 1);
            effects.put(message.key(), ofKey);
        }
        JobState next = new JobState(state.committed(), state.jobStates(), state.business(), outbox, effects, state.open(),
                state.waiting(), state.nextMessageId(), message.id());
        return done(next, new Delivered(message.key(), message.resultId(), effect, marked));
    }
}
