package fencecheck.run;

import fencecheck.check.Delivery;
import fencecheck.check.Event;
import fencecheck.check.Stored;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    public static CheckedEvents of(List<HistoryEntry> history) {
        List<Event> events = new ArrayList<>();
        List<Delivery> deliveries = new ArrayList<>();
        Map<String, List<Command.Write>> open = new HashMap<>();
        // lease operations inside an open transaction count once it commits, at their own steps; a rollback undoes them
        Map<String, List<Event>> openLeases = new HashMap<>();
        for (HistoryEntry recorded : history) {
            // a grant or a commit that happened though no client heard of it counts for the checkers
            HistoryEntry e = ranWithItsAnswerLost(recorded) ? new HistoryEntry(recorded.step(), recorded.kind(), recorded.resumed(),
                    recorded.actor(), recorded.action(), recorded.command(), recorded.at(), recorded.expected(), recorded.expected(),
                    recorded.key(), recorded.expectedRows(), recorded.observedRows(), recorded.error(), recorded.fault()) : recorded;
            if (e.observed() == null && ("REQUEST_LOST".equals(e.fault()) || "RESPONSE_LOST".equals(e.fault()))) {
                // the client dropped its connection: a transaction it had open is gone, and nothing of it counts
                open.remove(e.actor());
                openLeases.remove(e.actor());
            }
            if (e.command() == null || e.observed() == null) {
                continue;
            }
            String session = e.actor();
            switch (e.command()) {
                case JobCommand.Begin b -> {
                    open.put(session, new ArrayList<>());
                    openLeases.put(session, new ArrayList<>());
                }
                case JobCommand.LeaseOperation op -> {
                    if (e.observed() instanceof JobOutcome.Answered a) {
                        Event event = new Event(e.step(), e.at(), op.command(), a.outcome());
                        openLeases.getOrDefault(session, events).add(event);
                    }
                }
                case JobCommand.Write w -> {
                    if (e.observed() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.WriteOutcome o) {
                        if (!open.containsKey(session)) {
                            events.add(new Event(e.step(), e.at(), w.write(), o));
                        } else if (o.accepted()) {
                            open.get(session).add(w.write());
                        }
                    }
                }
                case JobCommand.Claim c -> {
                    if (e.observed() instanceof JobOutcome.Claimed && open.containsKey(session)) {
                        open.get(session).add(new Command.Write(SinkKind.CURRENT_FENCE, c.key(), c.token(), CLAIM, ""));
                    }
                }
                case JobCommand.Commit c -> {
                    List<Command.Write> accepted = open.remove(session);
                    List<Event> leases = openLeases.remove(session);
                    if (leases != null && e.observed() instanceof JobOutcome.Committed) {
                        events.addAll(leases);
                    }
                    if (accepted != null && e.observed() instanceof JobOutcome.Committed) {
                        accepted.forEach(w -> events.add(new Event(e.step(), e.at(), w, new Outcome.Applied())));
                    }
                }
                case JobCommand.Rollback r -> {
                    open.remove(session);
                    openLeases.remove(session);
                }
                case JobCommand.CrashDatabase c -> {
                    // every open transaction vanished with the server
                    open.clear();
                    openLeases.clear();
                }
                case JobCommand.Relay r -> delivery(e, deliveries);
                case JobCommand.Redeliver r -> delivery(e, deliveries);
                default -> {
                }
            }
        }
        // a committed transaction's lease operations took their place at their own steps
        events.sort(Comparator.comparingInt(Event::step));
        List<Stored> stored = history.stream().filter(e -> e.observedRows() != null)
                .map(e -> new Stored(e.step(), e.key(), e.observedRows().protocol())).toList();
        return new CheckedEvents(events, deliveries, stored);
    }

    /**
     * A grant or a COMMIT whose answer the network lost after the database ran
     * it (the model ran it too, or it would have no expected answer).
     */
    private static boolean ranWithItsAnswerLost(HistoryEntry e) {
        boolean grantOrCommit = e.command() instanceof JobCommand.LeaseOperation op && op.command() instanceof Command.Acquire
                && e.expected() instanceof JobOutcome.Answered a && a.outcome() instanceof Outcome.Granted
                || e.command() instanceof JobCommand.Commit && e.expected() instanceof JobOutcome.Committed;
        return grantOrCommit && e.observed() == null && "RESPONSE_LOST".equals(e.fault());
    }

    private static void delivery(HistoryEntry e, List<Delivery> deliveries) {
        if (e.observed() instanceof JobOutcome.Delivered d) {
            deliveries.add(new Delivery(e.step(), d.key(), d.resultId(), d.effect()));
        }
    }
}
