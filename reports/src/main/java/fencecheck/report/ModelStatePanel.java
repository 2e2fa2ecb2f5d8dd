package fencecheck.report;

import fencecheck.api.Lease;
import fencecheck.job.JobRows;
import fencecheck.run.HistoryEntry;
import fencecheck.run.ModelState;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * At the failing step, the model's state beside what the database showed, as a linearizability checker shows
 * its model's state at the operation it could not explain: per job key who holds the lease with which token until
 * when, the fence (the token of the latest grant), the stored results, the job and outbox rows; and the open
 * transactions. The database's column holds the rows the runner read for the key the failing step touched; a key
 * it did not read there says so rather than guess.
 */
final class ModelStatePanel {

    private ModelStatePanel() {
    }

    /** The panel, or an empty string when the result holds no model state for the failing step. */
    static String render(RunResult.Failure f) {
        Integer step = f.failingStep();
        ModelState state = f.modelStateAfter(step);
        if (state == null) {
            return "";
        }
        HistoryEntry read = readAt(f, step);
        StringBuilder h = new StringBuilder("<section id=\"model-state\"><h2>State at the failing step</h2>\n");
        h.append("<p>After step ").append(step).append(", at ").append(Html.esc(Html.seconds(state.now())))
                .append(" on the virtual clock: what the model holds, and what the database showed")
                .append(read == null ? " (it read no rows at this step)" : " when the runner read " + Html.esc(read.key())
                        + " after " + Html.esc(read.actor()) + "'s statement")
                .append(". Cells that differ are marked.</p>\n");
        TreeSet<String> keys = new TreeSet<>(state.keys().keySet());
        if (read != null) {
            keys.add(read.key());
        }
        h.append("<div class=\"model-state-keys\">\n");
        for (String key : keys) {
            JobRows model = state.keys().get(key);
            JobRows db = read != null && key.equals(read.key()) ? read.observedRows() : null;
            h.append(key(key, model, db, read != null && key.equals(read.key()), state.now()));
        }
        h.append("</div>\n");
        h.append("<h3>Open transactions (model)</h3>");
        if (state.open().isEmpty()) {
            h.append("<p class=\"muted\">none</p>\n");
        } else {
            h.append("<ul class=\"open-transactions\">");
            state.open().forEach((session, t) -> h.append("<li><strong>").append(Html.esc(session)).append("</strong>: ")
                    .append(Html.esc(t.claimedKey() == null ? "no claim yet" : "claimed " + t.claimedKey() + " with token " + t.claimedToken()))
                    .append(t.keys().isEmpty() ? "" : Html.esc(", touches " + String.join(", ", t.keys()))).append("</li>"));
            h.append("</ul>\n");
        }
        return h.append("</section>\n").toString();
    }

    /** The entry at {@code step} that carries the database's rows (the failing one first), or null. */
    private static HistoryEntry readAt(RunResult.Failure f, Integer step) {
        HistoryEntry divergent = JobTimeline.divergentEntry(f);
        if (divergent != null && divergent.step() == step && divergent.observedRows() != null) {
            return divergent;
        }
        HistoryEntry last = null;
        for (HistoryEntry e : f.history() == null ? List.<HistoryEntry>of() : f.history()) {
            if (e.step() == step && e.key() != null && e.observedRows() != null) {
                last = e;
            }
        }
        return last;
    }

    private static String key(String key, JobRows model, JobRows db, boolean read, long now) {
        StringBuilder h = new StringBuilder("<table class=\"rows model-state\" data-key=\"").append(Html.esc(key)).append("\"><thead><tr><th>")
                .append(Html.esc(key)).append("</th><th>model</th><th>database</th></tr></thead><tbody>\n");
        List<String[]> lines = new ArrayList<>();
        Lease ml = model == null ? null : model.protocol().lease();
        Lease dl = db == null ? null : db.protocol().lease();
        lines.add(new String[]{"holder", holder(ml, now), read ? holder(dl, now) : null});
        lines.add(new String[]{"fence", fence(ml), read ? fence(dl) : null});
        lines.add(new String[]{"latest result", model == null ? "none" : JobTables.stored(model.protocol().latest()),
                read ? (db == null ? "-" : JobTables.stored(db.protocol().latest())) : null});
        TreeSet<String> fenced = new TreeSet<>();
        TreeSet<String> business = new TreeSet<>();
        TreeSet<String> effects = new TreeSet<>();
        for (JobRows rows : new JobRows[]{model, db}) {
            if (rows != null) {
                fenced.addAll(rows.protocol().fenced().keySet());
                business.addAll(rows.business().keySet());
                effects.addAll(rows.effects().keySet());
            }
        }
        for (String id : fenced) {
            lines.add(new String[]{"fenced result " + id, JobTables.stored(model == null ? null : model.protocol().fenced().get(id)),
                    read ? JobTables.stored(db == null ? null : db.protocol().fenced().get(id)) : null});
        }
        lines.add(new String[]{"job state", jobState(model), read ? jobState(db) : null});
        for (String id : business) {
            lines.add(new String[]{"business row " + id, JobTables.stored(model == null ? null : model.business().get(id)),
                    read ? JobTables.stored(db == null ? null : db.business().get(id)) : null});
        }
        int outbox = Math.max(model == null ? 0 : model.outbox().size(), db == null ? 0 : db.outbox().size());
        for (int i = 0; i < outbox; i++) {
            lines.add(new String[]{"outbox message " + (i + 1), message(model, i), read ? message(db, i) : null});
        }
        for (String id : effects) {
            lines.add(new String[]{"consumer effect " + id, effect(model, id), read ? effect(db, id) : null});
        }
        for (String[] line : lines) {
            boolean differs = line[2] != null && !Objects.equals(line[1], line[2]);
            String cls = "mono" + (differs ? " differs" : "");
            h.append("<tr><td>").append(Html.esc(line[0])).append("</td><td class=\"").append(cls).append("\">").append(Html.esc(line[1]))
                    .append("</td><td class=\"").append(line[2] == null ? "muted small" : cls).append("\">")
                    .append(line[2] == null ? "not read at this step" : Html.esc(line[2])).append("</td></tr>\n");
        }
        return h.append("</tbody></table>\n").toString();
    }

    /** Who holds the lease, with its token and end, and whether it still holds at {@code now}. */
    static String holder(Lease lease, long now) {
        if (lease == null) {
            return "nobody (never granted)";
        }
        String state = lease.released() ? "released" : now <= lease.until() ? "valid" : "expired";
        return lease.owner() + " · token " + lease.token() + " · until " + Html.seconds(lease.until()) + " (" + state + ")";
    }

    private static String fence(Lease lease) {
        return lease == null ? "none" : "token " + lease.token();
    }

    private static String jobState(JobRows rows) {
        return rows == null ? "-" : rows.jobState() == null ? "none" : "claimed with token " + rows.jobState();
    }

    private static String message(JobRows rows, int i) {
        if (rows == null || i >= rows.outbox().size()) {
            return "none";
        }
        JobRows.Message m = rows.outbox().get(i);
        return m.resultId() + " · token " + m.token() + " · " + (m.delivered() ? "delivered" : "pending");
    }

    private static String effect(JobRows rows, String id) {
        Integer n = rows == null ? null : rows.effects().get(id);
        return n == null ? "none" : "applied " + n + (n == 1 ? " time" : " times");
    }
}
