package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.check.Delivery;
import fencecheck.check.Event;
import fencecheck.check.Stored;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What the invariant checkers read from a job history, from the database's
 * answers alone: lease operations and sink writes on their own as they
 * were answered; a claimed job and a sink write inside a transaction as an
 * accepted CURRENT_FENCE write at the step its transaction committed (and
 * nothing when it rolled back); every delivery the relay reported; the
 * lease and sink rows read after each statement.
 */
public record CheckedEvents(List<Event> events, List<Delivery> deliveries, List<Stored> stored) {

    /** The result id a committed claim is checked under, as a write of the job's key. */
    public static final String CLAIM = "(job claim)";

    public CheckedEvents {
        events = List.copyOf(events);
        deliveries = List.copyOf(deliveries);
        stored = List.copyOf(stored);
    }

    /** The sink writes among the events: a committed claim is checked as a write for invariant 1, but stores no sink row. */
    public List<Event> sinkWrites() {
        return events.stream().filter(e -> !(e.command() instanceof Command.Write w && CLAIM.equals(w.resultId()))).toList();
    }

    /** The same, without the events {@code left} names: writes no real process could have made ({@link MadeUpWrites}). */
    public CheckedEvents without(Predicate<Event> left) {
        return new CheckedEvents(events.stream().filter(left.negate()).toList(), deliveries, stored);
    }

    public static CheckedEvents of(List<HistoryEntry> history) {
        List<Event> events = new ArrayList<>();
        List<Delivery> deliveries = new ArrayList<>();
        // what an open transaction did, in the order of its statements: it counts once the transaction commits,
        // all of it at the commit (nobody saw any of it before), and a rollback undoes it
        Map<String, List<Event>> open = new HashMap<>();
        for (HistoryEntry recorded : history) {
            // a grant or a commit that happened though no client heard of it counts for the checkers
            HistoryEntry e = ranWithItsAnswerLost(recorded) ? recorded.heardAs(recorded.expected()) : recorded;
            if (e.observed() == null && ("REQUEST_LOST".equals(e.fault()) || "RESPONSE_LOST".equals(e.fault()))) {
                // the client dropped its connection: a transaction it had open is gone, and nothing of it counts
                open.remove(e.actor());
            }
            if (e.command() == null || e.observed() == null) {
                continue;
            }
            String session = e.actor();
            switch (e.command()) {
                case JobCommand.Begin b -> open.put(session, new ArrayList<>());
                case JobCommand.LeaseOperation op -> {
                    if (e.observed() instanceof JobOutcome.Answered a) {
                        open.getOrDefault(session, events).add(new Event(e.step(), e.at(), op.command(), a.outcome()));
                    }
                }
                case JobCommand.Write w -> {
                    if (e.observed() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.WriteOutcome o) {
                        if (!open.containsKey(session)) {
                            events.add(new Event(e.step(), e.at(), w.write(), o));
                        } else if (o.accepted()) {
                            open.get(session).add(new Event(e.step(), e.at(), w.write(), new Outcome.Applied()));
                        }
                    }
                }
                case JobCommand.Claim c -> {
                    if (e.observed() instanceof JobOutcome.Claimed && open.containsKey(session)) {
                        open.get(session).add(new Event(e.step(), e.at(),
                                new Command.Write(SinkKind.CURRENT_FENCE, c.key(), c.token(), CLAIM, ""), new Outcome.Applied()));
                    }
                }
                case JobCommand.Commit c -> {
                    List<Event> done = open.remove(session);
                    if (done != null && e.observed() instanceof JobOutcome.Committed) {
                        // a write is accepted when its transaction commits; a lease operation keeps its own instant
                        done.forEach(d -> events.add(new Event(e.step(), d.command() instanceof Command.Write ? e.at() : d.at(),
                                d.command(), d.outcome())));
                    }
                }
                case JobCommand.Rollback r -> open.remove(session);
                case JobCommand.CrashDatabase c -> open.clear();
                case JobCommand.Relay r -> delivery(e, deliveries);
                case JobCommand.Redeliver r -> delivery(e, deliveries);
                default -> {
                }
            }
        }
        List<Stored> stored = history.stream().filter(e -> e.observedRows() != null)
                .map(e -> new Stored(e.step(), e.key(), e.observedRows().protocol())).toList();
        return new CheckedEvents(events, deliveries, stored);
    }

    /**
     * A grant, a release or a COMMIT whose answer the network lost after the database ran it (the model ran it too, or
     * it would have no expected answer): a release that ran ended its holder's claim, though nobody heard of it.
     */
    private static boolean ranWithItsAnswerLost(HistoryEntry e) {
        boolean grantOrRelease = e.command() instanceof JobCommand.LeaseOperation op
                && e.expected() instanceof JobOutcome.Answered a
                && (op.command() instanceof Command.Acquire && a.outcome() instanceof Outcome.Granted
                || op.command() instanceof Command.Release && a.outcome() instanceof Outcome.Released);
        boolean commit = e.command() instanceof JobCommand.Commit && e.expected() instanceof JobOutcome.Committed;
        return (grantOrRelease || commit) && e.observed() == null && "RESPONSE_LOST".equals(e.fault());
    }

    private static void delivery(HistoryEntry e, List<Delivery> deliveries) {
        if (e.observed() instanceof JobOutcome.Delivered d) {
            deliveries.add(new Delivery(e.step(), d.key(), d.resultId(), d.effect()));
        }
    }
}
