package fencecheck.report;

import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.job.JobRows;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Step;

import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A job failure's tables: the shrunk trace (a statement that waited shows
 * {@code Waiting} at its own step, and its answer comes back as a
 * {@code <-} row under the step that ended the transaction it waited for),
 * and the rows of the failing statement's job key, model against database.
 */
final class JobTables {

    private JobTables() {
    }

    static String trace(RunResult.Failure f) {
        HistoryEntry divergent = JobTimeline.divergentEntry(f);
        TreeSet<Integer> violationSteps = new TreeSet<>();
        f.violations().forEach(v -> violationSteps.add(v.step()));
        TraceTableHtml table = new TraceTableHtml("trace job", "statement");
        for (HistoryEntry e : f.history()) {
            boolean isDivergent = e == divergent;
            boolean violation = !e.resumed() && violationSteps.contains(e.step());
            String what = "<div class=\"mono\">" + Html.esc(e.action()) + "</div>"
                    + (e.resumed() ? "<div class=\"muted small\">" + Html.esc(e.actor())
                    + "'s waiting statement goes on: the transaction it waited for ended at step " + e.step() + "</div>" : "")
                    + (e.rowsDiffer() ? TraceTableHtml.rowsDiffer(e.key()) : "");
            table.row(e.step(), (isDivergent ? "divergent" : violation ? "violation" : "") + (e.resumed() ? " resumed" : ""),
                    isDivergent ? "▶" : violation ? "!" : "", e.resumed() ? "&lt;-" : String.valueOf(e.step()), e.actor(), what, e.at(),
                    JobTimeline.describe(e.expected(), null), JobTimeline.describe(e.observed(), e.error()), e.outcomeDiffers());
        }
        List<Step> steps = f.trace() == null ? List.of() : f.trace().steps();
        return table.end(steps.stream().map(s -> new String[]{s.actor(), String.valueOf(s.action())}).toList());
    }

    /** The entry a reader should look at first: the divergent one, else the first with rows at the first broken invariant's step. */
    static HistoryEntry failingEntry(RunResult.Failure f) {
        HistoryEntry divergent = JobTimeline.divergentEntry(f);
        if (divergent != null) {
            return divergent;
        }
        Integer step = f.failingStep();
        if (step == null) {
            return null;
        }
        return f.history().stream().filter(e -> e.step() == step && e.key() != null).findFirst().orElse(null);
    }

    static String rows(RunResult.Failure f) {
        HistoryEntry e = failingEntry(f);
        StringBuilder h = new StringBuilder("<section id=\"rows\"><h2>Rows the failing step touched</h2>\n");
        if (e == null || e.key() == null) {
            Integer step = f.failingStep();
            h.append("<p class=\"muted\">The failing step").append(step == null ? "" : " (" + step + ")")
                    .append(" touched no rows of a job key.</p></section>\n");
            return h.toString();
        }
        h.append("<p>Job key <code>").append(Html.esc(e.key())).append("</code> after step ").append(e.step())
                .append(e.resumed() ? " (" + Html.esc(e.actor()) + "'s waiting statement)" : "")
                .append(", as the model predicts them and as the database holds them.</p>\n");
        h.append("<table class=\"rows\"><thead><tr><th>row</th><th>model</th><th>database</th></tr></thead><tbody>\n");
        JobRows model = e.expectedRows();
        JobRows db = e.observedRows();
        line(h, "lease", lease(model == null ? null : model.protocol().lease()), lease(db == null ? null : db.protocol().lease()));
        line(h, "job state token", jobState(model), jobState(db));
        TreeSet<String> fenced = new TreeSet<>();
        TreeSet<String> business = new TreeSet<>();
        TreeSet<String> effects = new TreeSet<>();
        int outbox = 0;
        for (JobRows rows : new JobRows[]{model, db}) {
            if (rows != null) {
                fenced.addAll(rows.protocol().fenced().keySet());
                business.addAll(rows.business().keySet());
                effects.addAll(rows.effects().keySet());
                outbox = Math.max(outbox, rows.outbox().size());
            }
        }
        for (String id : fenced) {
            line(h, "fenced result " + id, stored(model == null ? null : model.protocol().fenced().get(id)),
                    stored(db == null ? null : db.protocol().fenced().get(id)));
        }
        for (String id : business) {
            line(h, "business row " + id, stored(model == null ? null : model.business().get(id)), stored(db == null ? null : db.business().get(id)));
        }
        for (int i = 0; i < outbox; i++) {
            line(h, "outbox message " + (i + 1), message(model, i), message(db, i));
        }
        for (String id : effects) {
            line(h, "consumer effect " + id, effect(model, id), effect(db, id));
        }
        h.append("</tbody></table></section>\n");
        return h.toString();
    }

    private static void line(StringBuilder h, String name, String model, String db) {
        String differs = Objects.equals(model, db) ? "" : " differs";
        h.append("<tr><td>").append(Html.esc(name)).append("</td><td class=\"mono").append(differs).append("\">").append(Html.esc(model))
                .append("</td><td class=\"mono").append(differs).append("\">").append(Html.esc(db)).append("</td></tr>\n");
    }

    static String lease(Lease lease) {
        return lease == null ? "none" : "owner " + lease.owner() + " · token " + lease.token() + " · until " + Html.time(lease.until());
    }

    static String stored(StoredResult result) {
        return result == null ? "none" : "token " + result.token() + " · payload " + result.payload();
    }

    private static String jobState(JobRows rows) {
        return rows == null ? "-" : rows.jobState() == null ? "none" : "token " + rows.jobState();
    }

    private static String message(JobRows rows, int i) {
        if (rows == null || i >= rows.outbox().size()) {
            return "none";
        }
        JobRows.Message m = rows.outbox().get(i);
        return m.resultId() + " · token " + m.token() + " · payload " + m.payload() + " · " + (m.delivered() ? "delivered" : "pending");
    }

    private static String effect(JobRows rows, String id) {
        Integer n = rows == null ? null : rows.effects().get(id);
        return n == null ? "none" : "applied " + n + (n == 1 ? " time" : " times");
    }
}
