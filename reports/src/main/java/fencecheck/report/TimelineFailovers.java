package fencecheck.report;

import fencecheck.run.FailoverFacts;
import fencecheck.run.HistoryEntry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The failovers of a history on its timeline: a band at each, the primary strip (which server was primary when),
 * and the commits each one lost, struck through where they were made; and the same in words under the drawing.
 * Servers are named A, B, ... in the order the history first names them, so a server keeps its letter when it
 * comes back as the primary.
 */
final class TimelineFailovers {

    /** Mark kinds that stand for something committed: these are struck through when their step's commits were lost. */
    private static final Set<String> COMMITTING = Set.of("grant", "grant-lost", "renew", "release", "write", "commit", "delivery");

    private final TimelineModel model;
    private final Map<Integer, Integer> positionOfStep;
    private final ServerNames names;

    TimelineFailovers(TimelineModel model, Map<Integer, Integer> positionOfStep, List<HistoryEntry> history) {
        this.model = model;
        this.positionOfStep = positionOfStep;
        this.names = new ServerNames(history);
    }

    /** The failover whose entry {@code e} is, at {@code position}: its band, the primary strip, its lost commits. */
    void add(int position, HistoryEntry e) {
        FailoverFacts facts = e.failover();
        String before = names.label(facts.primaryBefore(), "the old primary");
        String after = names.label(facts.primaryAfter(), "the promoted standby");
        model.bands.add(new TimelineModel.Band(position, "failover", "failover (" + setting(facts) + "): "
                + names.letter(facts.primaryBefore(), "old") + " → " + names.letter(facts.primaryAfter(), "new"),
                e.action() + "\n" + before + " stops, " + after + " is promoted\n" + lostInWords(facts)));
        if (model.primaries.isEmpty()) {
            model.primaries.add(new TimelineModel.Primary(0, names.letter(facts.primaryBefore(), "old"), before));
        }
        model.primaries.getLast().to = position;
        model.primaries.add(new TimelineModel.Primary(position, names.letter(facts.primaryAfter(), "new"), after));
        for (int step : facts.lostSteps()) {
            Integer lostAt = positionOfStep.get(step);
            if (lostAt != null) {
                strike(lostAt, position, e.step());
            }
        }
    }

    /**
     * Every committing mark at {@code lostAt} is struck through, a transaction committed there is outlined as lost,
     * and a lease granted there ends at the failover.
     */
    private void strike(int lostAt, int failoverAt, int failoverStep) {
        String why = "lost in the failover at step " + failoverStep + ": the new primary does not hold what this step committed";
        for (TimelineModel.Lane lane : model.lanes()) {
            List<TimelineModel.Mark> marks = lane.marks;
            for (int i = 0; i < marks.size(); i++) {
                TimelineModel.Mark m = marks.get(i);
                if (m.position() == lostAt && COMMITTING.contains(m.kind().split(" ")[0]) && !m.kind().contains(LOST_KIND)) {
                    marks.set(i, new TimelineModel.Mark(m.position(), m.kind() + " " + LOST_KIND, m.judgement(), m.letter(),
                            (m.label() == null || m.label().isEmpty() ? "" : m.label() + "\n") + "lost in failover", m.title() + "\n" + why,
                            m.differs()));
                }
            }
            for (TimelineModel.Span span : lane.spans) {
                if (Integer.valueOf(lostAt).equals(span.to) && "committed".equals(span.end)) {
                    span.lostInFailover = true;
                }
            }
            for (TimelineModel.Bar bar : lane.bars) {
                if (bar.from == lostAt && bar.endedAt == null) {
                    bar.end(failoverAt, "lost in the failover");
                    bar.lostInFailover = true;
                }
            }
        }
    }

    /** The kind word a mark lost in a failover carries after its own kind. */
    static final String LOST_KIND = "lost-commit";

    /**
     * The failovers in words, as the drawing's text alternative: which server was primary until which step, under
     * which setting, and what each failover lost; empty when the history has none.
     */
    static String summary(RunResult.Failure failure) {
        if (failure.history() == null) {
            return "";
        }
        ServerNames names = new ServerNames(failure.history());
        List<String> sentences = new ArrayList<>();
        for (HistoryEntry e : failure.history()) {
            FailoverFacts facts = e.failover();
            if (facts == null) {
                continue;
            }
            String lost = facts.lostSteps().isEmpty() ? lostInWords(facts) : "it lost what "
                    + steps(facts.lostSteps()) + " committed: " + failure.history().stream()
                    .filter(l -> facts.lostSteps().contains(l.step()) && l.kind() == HistoryEntry.Kind.STATEMENT && l.command() != null)
                    .map(l -> l.actor() + " " + l.action() + " (" + JobTimeline.word(l.observed()) + ")")
                    .collect(Collectors.joining("; "));
            sentences.add("Step " + e.step() + ": failover (" + setting(facts) + "); " + names.label(facts.primaryBefore(), "the old primary")
                    + " was the primary until then, " + names.label(facts.primaryAfter(), "the promoted standby") + " from then on; " + lost + ".");
        }
        if (sentences.isEmpty()) {
            return "";
        }
        return "<p class=\"failover-note\">" + Html.esc(String.join(" ", sentences)) + "</p>\n";
    }

    private static String lostInWords(FailoverFacts facts) {
        if (facts.keptStep() == null) {
            return "the new primary's rows match no prefix of the commits";
        }
        if (facts.lostSteps().isEmpty()) {
            return "it lost no commit";
        }
        return "it lost what " + steps(facts.lostSteps()) + " committed" + (facts.lossAllowed() ? ", as the setting allows"
                : ", which the setting forbids");
    }

    private static String steps(List<Integer> steps) {
        return (steps.size() == 1 ? "step " : "steps ") + steps.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String setting(FailoverFacts facts) {
        return facts.replication() == null ? "replication unknown" : facts.replication();
    }

    /** Letters for the servers a history names, in the order it first names them. */
    private static final class ServerNames {
        private final Map<String, String> letters = new LinkedHashMap<>();

        ServerNames(List<HistoryEntry> history) {
            for (HistoryEntry e : history) {
                if (e.failover() != null) {
                    name(e.failover().primaryBefore());
                    name(e.failover().primaryAfter());
                }
            }
        }

        private void name(String server) {
            if (server != null) {
                letters.computeIfAbsent(server, s -> String.valueOf((char) ('A' + Math.min(letters.size(), 25))));
            }
        }

        String letter(String server, String unknown) {
            return server == null ? unknown : letters.get(server);
        }

        /** {@code server A (port 41234)}, or {@code unknown} when the history does not say which server it was. */
        String label(String server, String unknown) {
            return server == null ? unknown : "server " + letters.get(server) + " (" + server + ")";
        }
    }
}
