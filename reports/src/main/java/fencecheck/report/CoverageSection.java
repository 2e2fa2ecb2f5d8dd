package fencecheck.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How often each run reached the situations its property declares a floor for: one table per property,
 * one row per run. A cell is red only where the run was judged (it ran all its tries) and the share
 * fell below the situation's declared floor; situations a property counts without a floor are not its
 * to reach, so they are named in a note under its table, never coloured.
 */
final class CoverageSection {

    private CoverageSection() {
    }

    static String render(List<IndexRun> runs) {
        StringBuilder h = new StringBuilder("<section id=\"coverage\"><h2>Coverage</h2>\n");
        Map<String, List<IndexRun>> byProperty = new LinkedHashMap<>();
        for (IndexRun run : runs) {
            if (run.result().statistics() != null) {
                byProperty.computeIfAbsent(Pages.shortProperty(run.result().property()), p -> new ArrayList<>()).add(run);
            }
        }
        if (byProperty.isEmpty()) {
            return h.append("<p class=\"muted\">No run reported how often it reached each situation.</p></section>\n").toString();
        }
        h.append("<p class=\"small muted\">Share of a run's tries that reached each situation. The floor is the share a property"
                + " declares it must reach for each of its own situations: a run that ran all its tries and stayed below it did not"
                + " test what it claims to, and fails (red). A run stopped at a failing try is not judged.</p>\n");
        byProperty.forEach((property, ofProperty) -> table(h, property, ofProperty));
        return h.append("</section>\n").toString();
    }

    private static void table(StringBuilder h, String property, List<IndexRun> runs) {
        List<RunResult.SituationCount> floored = declaredSituations(runs);
        h.append("<h3 class=\"mono\">").append(Html.esc(property)).append("</h3>\n");
        if (floored.isEmpty()) {
            h.append("<p class=\"small muted\">This property declares no floor.</p>\n");
        } else {
            h.append("<div class=\"scroll-x\"><table class=\"coverage\"><thead><tr><th class=\"run\">run</th>"
                    + "<th class=\"num\">tries</th>");
            for (RunResult.SituationCount s : floored) {
                h.append("<th class=\"situation\">").append(Html.esc(s.label())).append("<div class=\"floor\">floor ")
                        .append(Html.esc(percent(s.floorPercent()))).append("</div></th>");
            }
            h.append("</tr></thead><tbody>\n");
            for (IndexRun run : runs) {
                row(h, run, floored);
            }
            h.append("</tbody></table></div>\n");
        }
        otherSituations(h, runs);
    }

    private static void row(StringBuilder h, IndexRun run, List<RunResult.SituationCount> floored) {
        RunResult.Statistics st = run.result().statistics();
        h.append("<tr").append(st.judged() ? "" : " class=\"not-judged\"").append("><td class=\"run\"><div class=\"mono\"><strong>")
                .append(Html.esc(run.result().implementation())).append("</strong></div><div class=\"small\"><span class=\"badge ")
                .append(run.cssClass()).append("\">").append(Html.esc(run.outcome())).append("</span>");
        if (!st.judged()) {
            h.append(" <span class=\"muted\">not judged: the run stopped at a failing try</span>");
        }
        h.append("</div></td><td class=\"num\">").append(st.tries()).append("</td>");
        for (RunResult.SituationCount wanted : floored) {
            RunResult.SituationCount c = find(st, wanted.situation());
            if (c == null) {
                h.append("<td class=\"muted\">-</td>");
                continue;
            }
            double share = c.percentOf(st.tries());
            // red only for a floor this run declares, judged over all its tries
            boolean below = st.judged() && c.belowFloor(st.tries());
            h.append("<td").append(below ? " class=\"below\"" : "").append("><div class=\"small\">").append(c.tries()).append(" · ")
                    .append(Html.esc(percent(share))).append(below ? " <strong>below floor</strong>" : "").append("</div><div class=\"bar")
                    .append(below ? " below" : "").append("\"><span style=\"width:").append(String.format(Locale.ROOT, "%.1f", Math.min(100, share)))
                    .append("%\"></span>");
            if (c.floorPercent() != null) {
                h.append("<i class=\"floor-mark\" style=\"left:").append(String.format(Locale.ROOT, "%.1f", Math.min(100, c.floorPercent())))
                        .append("%\"></i>");
            }
            h.append("</div></td>");
        }
        h.append("</tr>\n");
    }

    /** The situations any run of the property declares a floor for, in the order the runs list them. */
    private static List<RunResult.SituationCount> declaredSituations(List<IndexRun> runs) {
        Map<String, RunResult.SituationCount> declared = new LinkedHashMap<>();
        for (IndexRun run : runs) {
            for (RunResult.SituationCount c : run.result().statistics().situations()) {
                if (c.floorPercent() != null) {
                    declared.putIfAbsent(c.situation(), c);
                }
            }
        }
        return List.copyOf(declared.values());
    }

    /** A muted line naming the situations the runs counted without a floor and reached at least once. */
    private static void otherSituations(StringBuilder h, List<IndexRun> runs) {
        Set<String> floored = new LinkedHashSet<>();
        declaredSituations(runs).forEach(s -> floored.add(s.situation()));
        Map<String, long[]> reached = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (IndexRun run : runs) {
            for (RunResult.SituationCount c : run.result().statistics().situations()) {
                if (c.floorPercent() == null && !floored.contains(c.situation())) {
                    labels.putIfAbsent(c.situation(), c.label());
                    reached.computeIfAbsent(c.situation(), s -> new long[1])[0] += c.tries();
                }
            }
        }
        if (labels.isEmpty()) {
            return;
        }
        List<String> seen = new ArrayList<>();
        labels.forEach((situation, label) -> {
            if (reached.get(situation)[0] > 0) {
                long tries = reached.get(situation)[0];
                seen.add(label + " (" + tries + (tries == 1 ? " try)" : " tries)"));
            }
        });
        h.append("<p class=\"small muted other-situations\">Also counted, without a floor for this property: ")
                .append(seen.isEmpty() ? Html.esc(labels.size() + " situations of other properties, none reached")
                        : Html.esc(String.join(", ", seen)) + (seen.size() < labels.size()
                        ? Html.esc("; " + (labels.size() - seen.size()) + " more never reached") : ""))
                .append(".</p>\n");
    }

    private static RunResult.SituationCount find(RunResult.Statistics st, String situation) {
        return st.situations().stream().filter(s -> s.situation().equals(situation)).findFirst().orElse(null);
    }

    private static String percent(Double value) {
        return value == null ? "-" : Html.percent(value);
    }
}
