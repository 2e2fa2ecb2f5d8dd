package fencecheck.check;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Write;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Invariant 4: no acknowledged write is lost unless a higher token superseded
 * it. An acknowledgement is a write the system answered {@code Applied} or
 * {@code Replayed}; from then on every observation of the key's rows must
 * still hold it: in {@code LATEST_TOKEN_WINS} the stored token is at least
 * the acknowledged one, and the same payload when the token is the same; in
 * {@code CURRENT_FENCE} the row of its result id is there, unchanged (a fenced
 * row is never superseded). A fenced {@code Replayed} acknowledges the row
 * already stored under that result id, whichever earlier token wrote it, so
 * its token is the one the first observation after the answer shows. Only the
 * system's answers and rows are read.
 */
public final class AcknowledgedWrites {

    private AcknowledgedWrites() {
    }

    public static List<Violation> check(List<Event> events, List<Stored> observed) {
        List<Violation> found = new ArrayList<>();
        Map<String, Write> latest = new HashMap<>();
        Map<String, Map<String, FencedAck>> fenced = new HashMap<>();
        List<Object> inOrder = new ArrayList<>(events);
        inOrder.addAll(observed);
        // an observation is of the rows after its step: the step's own answer comes first
        inOrder.sort(Comparator.comparingInt(AcknowledgedWrites::step).thenComparingInt(o -> o instanceof Stored ? 1 : 0));
        for (Object next : inOrder) {
            if (next instanceof Event e && e.command() instanceof Write w && e.outcome() instanceof WriteOutcome o && o.accepted()) {
                if (w.sink() == SinkKind.LATEST_TOKEN_WINS) {
                    latest.merge(w.key(), w, (old, now) -> now.token() >= old.token() ? now : old);
                } else {
                    fenced.computeIfAbsent(w.key(), k -> new HashMap<>())
                            .putIfAbsent(w.resultId(), new FencedAck(w, o instanceof Outcome.Applied ? w.token() : null));
                }
            } else if (next instanceof Stored s) {
                Write acknowledged = latest.get(s.key());
                if (acknowledged != null) {
                    lostLatest(acknowledged, s).ifPresent(found::add);
                }
                Map<String, FencedAck> acks = fenced.getOrDefault(s.key(), Map.of());
                for (FencedAck ack : List.copyOf(acks.values())) {
                    Write w = ack.write();
                    StoredResult row = s.rows().fenced().get(w.resultId());
                    boolean replayedRowSeenFirstTime = ack.token() == null && row != null
                            && row.token() <= w.token() && row.payload().equals(w.payload());
                    if (replayedRowSeenFirstTime) {
                        acks.put(w.resultId(), new FencedAck(w, row.token()));
                    } else if (row == null || ack.token() == null || row.token() != ack.token() || !row.payload().equals(w.payload())) {
                        found.add(new Violation(Invariant.ACKNOWLEDGED_WRITE_KEPT, s.step(), "acknowledged fenced write "
                                + w.resultId() + " of " + w.key() + " (token " + (ack.token() == null ? w.token() : ack.token()) + ") is "
                                + (row == null ? "gone" : "now token " + row.token() + " \"" + row.payload() + "\"")));
                        acks.remove(w.resultId());
                    }
                }
            }
        }
        return found;
    }

    /** A fenced acknowledgement and the token its row must keep; null until a replay's row is first seen. */
    private record FencedAck(Write write, Long token) {
    }

    private static Optional<Violation> lostLatest(Write acknowledged, Stored s) {
        StoredResult row = s.rows().latest();
        String what;
        if (row == null) {
            what = "gone";
        } else if (row.token() < acknowledged.token()) {
            what = "replaced by older token " + row.token();
        } else if (row.token() == acknowledged.token() && !row.payload().equals(acknowledged.payload())) {
            what = "replaced by another payload under the same token";
        } else {
            return Optional.empty();
        }
        return Optional.of(new Violation(Invariant.ACKNOWLEDGED_WRITE_KEPT, s.step(), "acknowledged write of "
                + acknowledged.key() + " with token " + acknowledged.token() + " is " + what));
    }

    private static int step(Object o) {
        return o instanceof Event e ? e.step() : ((Stored) o).step();
    }
}
