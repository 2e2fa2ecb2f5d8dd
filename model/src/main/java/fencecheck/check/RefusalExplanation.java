package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.check.Linearizability.NotLinearizable;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import fencecheck.model.Describe;
import fencecheck.model.LeaseModel;
import fencecheck.model.Micros;
import fencecheck.model.ProtocolState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Why no order explains a key's operations, told from the deepest explained prefix the search reached: the operation
 * it could not go on with (the culprit), one sentence on what the model answers there and what the database did, the
 * kind of answer the model expected, and the operations that refusal depends on (the cause).
 */
final class RefusalExplanation {

    private final KeyOperations ops;
    private final String key;
    /** The run's start: messages give instants from it. */
    private final long zero;
    private final LeaseModel model;
    private final KeyState finalRows;

    RefusalExplanation(KeyOperations ops, LeaseModel model) {
        this.ops = ops;
        this.key = ops.key();
        this.zero = ops.zero();
        this.model = model;
        this.finalRows = ops.finalRows();
    }

    /** Why the deepest explained prefix could not go on: at its first unexplained answer, what the model says. */
    NotLinearizable explain(SearchNode deepest, long states) {
        int culprit = -1;
        for (int i = 0; i < ops.size(); i++) {
            if (!ops.op(i).unknown() && !deepest.placed().get(i) && (culprit < 0 || ops.hi(i) < ops.hi(culprit))) {
                culprit = i;
            }
        }
        if (culprit < 0) {
            return new NotLinearizable(key, 0, "every answer on " + key + " is explained, but not the rows read at the end: the model"
                    + " holds " + rows(deepest.rows()) + ", the database " + rows(finalRows), "rows", List.of(), states);
        }
        TimedOperation op = ops.op(culprit);
        long at = Math.max(deepest.last(), ops.lo(culprit));
        Outcome expected = model.step(new ProtocolState(at, new TreeMap<>(Map.of(key, deepest.rows()))), op.command()).outcome();
        // an instant widened by the clock's uncertainty may lie that little before the run's start: it reads as the start
        String when = at > ops.hi(culprit) ? "no instant in its interval is left after the operations before it"
                : "the model answers " + answer(expected) + " at " + Micros.millis(Math.max(0, at - zero));
        Lease lease = deepest.rows().lease();
        int grantAt = lease == null ? -1 : grantOf(deepest, lease);
        Integer grant = grantAt < 0 ? null : ops.op(grantAt).id();
        Integer renewal = lease == null ? null : lastRenewalOf(deepest, lease, grantAt);
        // what a smaller history must still show: whose lease, and the renewal that set its end; the grant may
        // have given way to start rows that hold the same lease
        String whose = lease == null ? "no lease" : "the lease of token " + lease.token() + " held by " + lease.owner()
                + (renewal == null ? "" : ", last renewed by operation " + renewal);
        String words = lease == null ? "no lease" : "the lease of token " + lease.token() + " held by " + lease.owner()
                + (grant == null ? " from before these operations" : ", granted by operation " + grant)
                + (renewal == null ? "" : ", last renewed by operation " + renewal);
        List<Integer> cause = new ArrayList<>();
        Stream.of(grant, renewal).filter(Objects::nonNull).forEach(cause::add);
        if (op.command() instanceof Command.Write w) {
            // a write is judged against the stored result too: the write that stored it is part of the reason
            Integer writer = storedBy(deepest, w);
            String stored = writer == null ? ", no result stored" + (w.sink() == SinkKind.CURRENT_FENCE ? " under its id" : "")
                    : ", the stored result written by operation " + writer;
            whose += stored;
            words += stored;
            if (writer != null) {
                cause.add(writer);
            }
        }
        int before = deepest.knownPlaced();
        return new NotLinearizable(key, op.id(), "operation " + op.id() + " (" + op.process() + ": " + Describe.realTimeCommand(op.command())
                + ") answered " + answer(op.outcome()) + ", but after the " + (before == 1 ? "answer" : before + " answers") + " before it "
                + when + ", " + words + " (and no other order explains it)",
                expected.getClass().getSimpleName() + (expected instanceof Granted g ? " " + g.token() : "") + ", " + whose,
                cause, states);
    }

    /**
     * The placed write that stored the result the model's rows at {@code n} hold where {@code w} writes (the latest
     * result, or the fenced result of its id), or null when none is stored there.
     */
    private Integer storedBy(SearchNode n, Command.Write w) {
        StoredResult stored = w.sink() == SinkKind.CURRENT_FENCE ? n.rows().fenced().get(w.resultId()) : n.rows().latest();
        if (stored == null) {
            return null;
        }
        int found = -1;
        for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
            if (ops.op(i).command() instanceof Command.Write other && other.sink() == w.sink() && other.token() == stored.token()
                    && other.payload().equals(stored.payload()) && (w.sink() != SinkKind.CURRENT_FENCE || other.resultId().equals(w.resultId()))
                    && (ops.op(i).unknown() || ops.op(i).outcome() instanceof Outcome.Applied) && (found < 0 || ops.lo(i) < ops.lo(found))) {
                found = i;
            }
        }
        return found < 0 ? null : ops.op(found).id();
    }

    /**
     * The placed answer that first granted {@code lease} (a re-grant hands the same lease back), else the last
     * placed acquire of its owner whose answer was lost, as its index; -1 when it comes from the start rows.
     */
    private int grantOf(SearchNode n, Lease lease) {
        int grant = -1;
        int lost = -1;
        for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
            if (!(ops.op(i).command() instanceof Acquire a) || !a.owner().equals(lease.owner())) {
                continue;
            }
            if (ops.op(i).outcome() instanceof Granted g && g.token() == lease.token() && (grant < 0 || ops.lo(i) < ops.lo(grant))) {
                grant = i;
            } else if (ops.op(i).unknown() && (lost < 0 || ops.lo(i) >= ops.lo(lost))) {
                lost = i;
            }
        }
        return grant < 0 ? lost : grant;
    }

    /** The last placed renewal of {@code lease} after its grant (index {@code grant}, -1: none), which set its end; or null. */
    private Integer lastRenewalOf(SearchNode n, Lease lease, int grant) {
        long from = grant < 0 ? Long.MIN_VALUE : ops.lo(grant);
        int renewal = -1;
        for (int i = n.placed().nextSetBit(0); i >= 0; i = n.placed().nextSetBit(i + 1)) {
            boolean renewalOfIt = ops.op(i).command() instanceof Renew r && r.owner().equals(lease.owner()) && r.token() == lease.token()
                    && (ops.op(i).unknown() || ops.op(i).outcome() instanceof Renewed) && ops.lo(i) >= from;
            if (renewalOfIt && (renewal < 0 || ops.lo(i) >= ops.lo(renewal))) {
                renewal = i;
            }
        }
        return renewal < 0 ? null : ops.op(renewal).id();
    }

    /** An answer with its instants from the run's start. */
    private String answer(Outcome outcome) {
        return Describe.realTimeOutcome(outcome, zero);
    }

    /** A key's rows in a few words: its lease's token, its latest result and its fenced results. */
    static String rows(KeyState rows) {
        if (rows == null) {
            return "nothing";
        }
        String lease = rows.lease() == null ? "no lease" : "lease token " + rows.lease().token();
        return lease + ", latest " + (rows.latest() == null ? "none" : "token " + rows.latest().token() + " \"" + rows.latest().payload() + "\"")
                + ", " + rows.fenced().size() + " fenced result(s) " + rows.fenced().keySet();
    }
}
