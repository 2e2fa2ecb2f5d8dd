package fencecheck.job;

import fencecheck.api.KeyState;
import fencecheck.api.StoredResult;
import fencecheck.model.Micros;

import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything stored for one job key as one session sees it, in a form the
 * database's rows can be compared with field by field.
 *
 * @param protocol    the lease row and the rows of both sinks
 * @param jobState    the token of the last job whose claim updated the job-state row, or null
 * @param business    business rows by result id
 * @param outbox      outbox messages of this key, in the order the relay reads them
 * @param effects     how many times the consumer applied each result id's effect
 */
public record JobRows(KeyState protocol, Long jobState, SortedMap<String, StoredResult> business,
                      List<Message> outbox, SortedMap<String, Integer> effects) {

    /** An outbox row without its id, which the database numbers its own way. */
    public record Message(String resultId, long token, String payload, boolean delivered) {
    }

    public JobRows {
        business = Collections.unmodifiableSortedMap(new TreeMap<>(business));
        outbox = List.copyOf(outbox);
        effects = Collections.unmodifiableSortedMap(new TreeMap<>(effects));
    }

    public String describe() {
        StringBuilder s = new StringBuilder("{");
        var lease = protocol.lease();
        s.append(lease == null ? "no lease" : "lease " + lease.owner() + " token " + lease.token() + " until "
                + Micros.format(lease.until()) + (lease.released() ? " released" : ""));
        if (jobState != null) {
            s.append(", job state token ").append(jobState);
        }
        if (protocol.latest() != null) {
            s.append(", latest token ").append(protocol.latest().token()).append(" \"").append(protocol.latest().payload()).append('"');
        }
        protocol.fenced().forEach((id, r) -> s.append(", fenced ").append(id).append(" token ").append(r.token())
                .append(" \"").append(r.payload()).append('"'));
        business.forEach((id, r) -> s.append(", business ").append(id).append(" token ").append(r.token())
                .append(" \"").append(r.payload()).append('"'));
        outbox.forEach(m -> s.append(", outbox ").append(m.resultId()).append(" token ").append(m.token())
                .append(m.delivered() ? " delivered" : " pending"));
        effects.forEach((id, n) -> s.append(", effect ").append(id).append(" x").append(n));
        return s.append('}').toString();
    }
}
