package fencecheck.report;

import fencecheck.job.JobRows;
import fencecheck.model.Lease;
import fencecheck.model.StoredResult;
import fencecheck.run.JobHistoryEntry;
import fencecheck.trace.JobStep;

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
        JobHistoryEntry divergent = JobTimeline.divergentEntry(f);
        TreeSet<Integer> violationSteps = new TreeSet<>();
        f.violations().forEach(v -> violationSteps.add(v.step()));
        StringBuilder h = new StringBuilder("<section id=\"trace\"><h2>Shrunk trace</h2>\n");
        h.append("<table class=\"trace job\"><thead><tr><th></th><th class=\"num\">step</th><th>actor</th><th>statement</th>"
                + "<th>clock</th><th>model expected</th><th>database answered</th></tr></thead><tbody>\n");
        int last = 0;
        for (JobHistoryEntry e : f.jobHistory()) {
            last = Math.max(last, e.step());
            boolean isDivergent = e == divergent;
            boolean violation = !e.resumed() && violationSteps.contains(e.step());
            String cls = (isDivergent ? "divergent" : violation ? "violation" : "") + (e.resumed() ? " resumed" : "");
            h.append("<tr").append(cls.isBlank() ? "" : " class=\"" + cls.strip() + "\"").append(" data-step=\"").append(e.step()).append("\">");
            h.append("<td class=\"marker\">").append(isDivergent ? "▶" : violation ? "!" : "").append("</td>");
            h.append("<td class=\"num\">").append(e.resumed() ? "&lt;-" : String.valueOf(e.step())).append("</td>");
            h.append("<td class=\"mono actor\">").append(Html.esc(e.actor())).append("</td>");
            h.append("<td><div class=\"mono\">").append(Html.esc(e.action())).append("</div>");
            if (e.resumed()) {
                h.append("<div class=\"muted small\">").append(Html.esc(e.actor()))
                        .append("'s waiting statement goes on: the transaction it waited for ended at step ").append(e.step()).append("</div>");
            }
            if (e.rowsDiffer()) {
                h.append("<div class=\"small marker\">rows of ").append(Html.esc(e.key())).append(" differ (see below)</div>");
            }
            h.append("</td>");
            h.append("<td class=\"mono small clock\">").append(Html.esc(Html.time(e.at()))).append("</td>");
            String differs = e.outcomeDiffers() ? " differs" : "";
            h.append("<td class=\"mono expected").append(differs).append("\">").append(Html.esc(JobTimeline.describe(e.expected(), null))).append("</td>");
            h.append("<td class=\"mono observed").append(differs).append("\">").append(Html.esc(JobTimeline.describe(e.observed(), e.error()))).append("</td>");
            h.append("</tr>\n");
        }
        if (f.jobTrace() != null) {
            List<JobStep> steps = f.jobTrace().steps();
            for (int i = last; i < steps.size(); i++) {
                JobStep s = steps.get(i);
                h.append("<tr class=\"notrun\"><td></td><td class=\"num\">").append(i + 1).append("</td><td class=\"mono actor\">")
                        .append(Html.esc(s.actor())).append("</td><td class=\"mono\">").append(Html.esc(s.action()))
                        .append("</td><td></td><td colspan=\"2\">not run: the try stopped at the divergence</td></tr>\n");
            }
        }
        h.append("</tbody></table></section>\n");
        return h.toString();
    }

    /** The entry a reader should look at first: the divergent one, else the first with rows at the first broken invariant's step. */
    static JobHistoryEntry failingEntry(RunResult.Failure f) {
        JobHistoryEntry divergent = JobTimeline.divergentEntry(f);
        if (divergent != null) {
            return divergent;
        }
        Integer step = f.failingStep();
        if (step == null) {
            return null;
        }
        return f.jobHistory().stream().filter(e -> e.step() == step && e.key() != null).findFirst().orElse(null);
    }

    static String rows(RunResult.Failure f) {
        JobHistoryEntry e = failingEntry(f);
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
