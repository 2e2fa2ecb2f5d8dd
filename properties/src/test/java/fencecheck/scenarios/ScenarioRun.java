package fencecheck.scenarios;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.db.Databases;
import fencecheck.job.JobOutcome;
import fencecheck.protocol.Implementations;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A hand-written scenario: steps with the outcome each one must have. Every
 * check is made three times: the model expected it, the database answered
 * it, and the two agree.
 */
final class ScenarioRun {

    private static final Map<String, TraceRunner> RUNNERS = new ConcurrentHashMap<>();

    private final String implementation;
    private final List<Step> steps = new ArrayList<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private TryResult result;

    private ScenarioRun(String implementation) {
        this.implementation = implementation;
    }

    static ScenarioRun on(String implementation) {
        return new ScenarioRun(implementation);
    }

    static ScenarioRun onReference() {
        return on("reference");
    }

    /** A step whose outcome is not the point of the scenario (a pause, a clock move). */
    ScenarioRun step(Step step) {
        return step(step, null);
    }

    ScenarioRun step(Step step, Outcome mustBe) {
        steps.add(step);
        outcomes.add(mustBe);
        return this;
    }

    ScenarioRun run() {
        LeaseProtocol protocol = Implementations.select(implementation);
        TraceRunner runner = RUNNERS.computeIfAbsent(implementation, n -> new TraceRunner(Databases.shared(), protocol));
        result = runner.run(Trace.of(protocol.name(), steps));
        String table = result.verdict() + "\n" + TraceTable.render(result);
        assertThat(result.passed()).as(table).isTrue();
        for (int i = 0; i < steps.size(); i++) {
            Outcome mustBe = outcomes.get(i);
            if (mustBe == null) {
                continue;
            }
            HistoryEntry entry = statementOf(i + 1, table);
            assertThat(entry.expected()).as("model's outcome of step %d\n%s", i + 1, table).isEqualTo(new JobOutcome.Answered(mustBe));
            assertThat(entry.observed()).as("database's outcome of step %d\n%s", i + 1, table).isEqualTo(new JobOutcome.Answered(mustBe));
            assertThat(entry.observed()).as("model and database at step %d", i + 1).isEqualTo(entry.expected());
        }
        return this;
    }

    /** The statement step {@code step} (1-based) ran, as answered. */
    private HistoryEntry statementOf(int step, String table) {
        return result.history().stream()
                .filter(e -> e.step() == step && e.kind() == HistoryEntry.Kind.STATEMENT && !e.isWait() && e.command() != null)
                .reduce((first, second) -> second)
                .orElseThrow(() -> new AssertionError("step " + step + " ran no statement\n" + table));
    }

    /** The rows of the key the given step (1-based) touched, as the database holds them after it. */
    KeyState rowsAfter(int step) {
        HistoryEntry entry = statementOf(step, TraceTable.render(result));
        assertThat(entry.observedRows()).isEqualTo(entry.expectedRows());
        return entry.observedRows().protocol();
    }
}
