package fencecheck.report;

import fencecheck.run.OperationMetrics;

import java.util.List;

/**
 * The monitoring figures as small charts, one card per run: failures and faults over the virtual clock,
 * latency over it, job durations, and attempts and failures per operation. Runs that must be looked at
 * or that are of correct implementations come first and open; caught known-buggy variants, whose
 * figures are those of a run stopped early, are folded away under one summary.
 */
final class MonitoringSection {

    private MonitoringSection() {
    }

    static String render(List<IndexRun> runs) {
        StringBuilder h = new StringBuilder("<section id=\"monitoring\"><h2>Monitoring</h2>\n");
        List<IndexRun> measured = runs.stream().filter(r -> measured(r.result().monitoring())).toList();
        if (measured.isEmpty()) {
            return h.append("<p class=\"muted\">No run made a database operation.</p></section>\n").toString();
        }
        h.append("<p class=\"small muted\">What article A asks an operator to watch, as observed against the database over every try"
                + " of a run (shrinking included). Counts and faults are summed per 5 s of virtual clock, every try starting at 0 s;"
                + " latencies are wall time in ms, durations on the virtual clock in s.</p>\n");
        List<IndexRun> first = measured.stream().filter(r -> r.kind() != BuildVerdict.Kind.KNOWN_BUG_CAUGHT).toList();
        List<IndexRun> caught = measured.stream().filter(r -> r.kind() == BuildVerdict.Kind.KNOWN_BUG_CAUGHT).toList();
        first.forEach(r -> card(h, r, true));
        if (!caught.isEmpty()) {
            h.append("<details class=\"variants\"><summary>Runs of known-buggy variants, caught as they must be (").append(caught.size())
                    .append(")</summary>\n");
            caught.forEach(r -> card(h, r, false));
            h.append("</details>\n");
        }
        long silent = runs.size() - measured.size();
        if (silent > 0) {
            h.append("<p class=\"small muted\">").append(silent).append(silent == 1 ? " run" : " runs")
                    .append(" made no database operation.</p>\n");
        }
        return h.append("</section>\n").toString();
    }

    private static void card(StringBuilder h, IndexRun run, boolean open) {
        RunResult r = run.result();
        OperationMetrics.Snapshot m = r.monitoring();
        h.append("<details class=\"monitor\" id=\"").append(run.anchor()).append('"').append(open ? " open" : "").append("><summary>")
                .append("<span class=\"badge ").append(run.cssClass()).append("\">").append(Html.esc(run.outcome())).append("</span> ")
                .append("<span class=\"mono\">").append(Html.esc(r.implementation())).append("</span> <span class=\"mono small muted\">")
                .append(Html.esc(Pages.shortProperty(r.property()))).append("</span><span class=\"counters small\">")
                .append(Html.esc("stale-token rejections " + m.staleRejections() + " · conflicts " + m.conflicts()
                        + " · duplicates delivered " + m.duplicatesDelivered()))
                .append("</span></summary>\n<div class=\"charts\">");
        if (m.clock().isEmpty()) {
            h.append("<p class=\"small muted\">This result records no figures over the virtual clock.</p>");
        } else {
            h.append(ChartClock.failures(m.clock()));
            String latency = ChartClock.latency(m.clock());
            h.append(latency != null ? latency
                    : "<p class=\"small muted\">No statement of this run was timed (a job statement that may wait carries no latency).</p>");
        }
        if (m.jobs() != null) {
            h.append(ChartBars.jobs(m.jobs()));
        }
        if (!m.operations().isEmpty()) {
            h.append(ChartBars.operations(m.operations()));
        }
        h.append("</div></details>\n");
    }

    private static boolean measured(OperationMetrics.Snapshot m) {
        return m != null && (!m.operations().isEmpty() || !m.clock().isEmpty() || m.jobs() != null);
    }
}
