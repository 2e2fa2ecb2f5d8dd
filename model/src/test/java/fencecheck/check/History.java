package fencecheck.check;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.Write;
import java.util.ArrayList;
import java.util.List;

/** A hand-made history: each event gets the next step number, starting at 1. */
final class History {

    private final List<Event> events = new ArrayList<>();

    History event(long at, Command command, Outcome outcome) {
        events.add(new Event(events.size() + 1, at, command, outcome));
        return this;
    }

    History granted(long at, String key, String owner, long token, long until) {
        return event(at, new Acquire(key, owner, until - at), new Outcome.Granted(token, until));
    }

    History busy(long at, String key, String owner) {
        return event(at, new Acquire(key, owner, 1), new Outcome.Busy());
    }

    History renewed(long at, String key, String owner, long token, long until) {
        return event(at, new Renew(key, owner, token, until - at), new Outcome.Renewed(until));
    }

    History renewRejected(long at, String key, String owner, long token) {
        return event(at, new Renew(key, owner, token, 1), new Outcome.RenewRejected());
    }

    History released(long at, String key, String owner, long token) {
        return event(at, new Release(key, owner, token), new Outcome.Released());
    }

    History fenced(long at, String key, long token, String resultId, WriteOutcome outcome) {
        return event(at, new Write(SinkKind.CURRENT_FENCE, key, token, resultId, "p"), outcome);
    }

    History fenced(long at, String key, long token, WriteOutcome outcome) {
        return fenced(at, key, token, "r" + (events.size() + 1), outcome);
    }

    History latest(long at, String key, long token, WriteOutcome outcome) {
        return event(at, new Write(SinkKind.LATEST_TOKEN_WINS, key, token, "r", "p" + token), outcome);
    }

    History write(long at, SinkKind sink, String key, long token, WriteOutcome outcome) {
        return sink == SinkKind.CURRENT_FENCE ? fenced(at, key, token, outcome) : latest(at, key, token, outcome);
    }

    int lastStep() {
        return events.size();
    }

    List<Event> events() {
        return List.copyOf(events);
    }
}
