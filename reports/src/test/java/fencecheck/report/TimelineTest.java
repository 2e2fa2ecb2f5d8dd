package fencecheck.report;

import fencecheck.model.Command;
import fencecheck.model.Outcome;
import fencecheck.model.SinkKind;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The timeline of a try with restarts, a zombie, a duplicate, a rolled-back write and an error. */
class TimelineTest {

    static final long S = 1_000_000L;
    static final String PAYLOAD = "x<y & y>z";

    private final List<Step> steps = new ArrayList<>();
    private final List<HistoryEntry> history = new ArrayList<>();

    private void step(Step step, String resolved, Command command, long at, Outcome observed) {
        step(step, resolved, command, at, observed, null);
    }

    private void step(Step step, String resolved, Command command, long at, Outcome observed, String error) {
        steps.add(step);
        history.add(new HistoryEntry(steps.size(), step.actor(), step.action().toString(), resolved, command, at,
                command == null ? null : observed, observed, null, null, null, error, null));
    }

    RunResult.Failure failure() {
        Command.Write first = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", PAYLOAD);
        Action.Write write = new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", PAYLOAD);
        step(Step.worker(1, new Action.Acquire("K1")), "acquire", new Command.Acquire("K1", "w1.1", 10 * S), 0, new Outcome.Granted(1, 10 * S));
        step(Step.worker(1, write), "write K1 token 1 payload " + PAYLOAD, first, 0, new Outcome.Applied());
        step(Step.nemesis(new Action.Duplicate("w1")), "write again", first, 0, new Outcome.Replayed());
        step(Step.nemesis(new Action.Restart("w1", true)), "restart w1: w1.1 lives on as zombie z1; w1.2 takes over", null, 0, null);
        step(Step.worker(1, new Action.Acquire("K1")), "acquire", new Command.Acquire("K1", "w1.2", 10 * S), 0, new Outcome.Busy());
        step(Step.clock(new Action.AdvanceBy(10 * S + 1)), "clock", new Command.AdvanceClock(10 * S + 1), 10 * S + 1, new Outcome.ClockAt(10 * S + 1));
        step(Step.worker(1, new Action.Acquire("K1")), "acquire", new Command.Acquire("K1", "w1.2", 10 * S), 10 * S + 1, new Outcome.Granted(2, 20 * S + 1));
        step(Step.worker(1, new Action.Renew()), "renew", new Command.Renew("K1", "w1.2", 2, 10 * S), 10 * S + 1, new Outcome.Renewed(20 * S + 1));
        step(Step.worker(1, new Action.RolledBackWrite(SinkKind.CURRENT_FENCE, "r2", PAYLOAD)), "rolled back",
                new Command.RolledBackWrite(new Command.Write(SinkKind.CURRENT_FENCE, "K1", 2, "r2", PAYLOAD)), 10 * S + 1,
                new Outcome.RolledBack(new Outcome.Applied()));
        step(Step.worker(2, write), "no-op: w2.1 believes it holds no lease", null, 10 * S + 1, null);
        step(Step.zombie(1, write), "no-op: w1.1 is paused", null, 10 * S + 1, null);
        step(Step.nemesis(new Action.Restart("w1", false)), "restart w1: w1.2 is dead, its connection dropped; w1.3 takes over", null, 10 * S + 1, null);
        step(Step.worker(1, new Action.Acquire("K1")), "acquire", new Command.Acquire("K1", "w1.3", 10 * S), 10 * S + 1, null,
                "connection reset <by peer> & gone");
        return new RunResult.Failure("diverged", 13, List.of(), Trace.of("reference", steps), history, null);
    }

    @Test
    void oneLanePerIncarnationWithLeasesWritesAndFaults() {
        String svg = Timeline.svg(failure());

        assertThat(lanes(svg)).containsExactly("w1.1", "w1.2", "w2.1", "w1.3");
        assertThat(svg).contains("class=\"shade zombie\"").contains("zombie z1");
        assertThat(svg).contains("&rarr; zombie z1").contains("restarted");
        assertThat(svg).contains("<title>K1 token 1, valid until 10.000000s, then expired</title>");
        assertThat(svg).contains("<title>K1 token 2, valid until 20.000001s, still valid at the end</title>");
        assertThat(svg).contains("dup t1").contains("t2 rb").contains(">busy<").contains(">renew<").contains(">error<");
        assertThat(svg).contains("fill=\"" + Timeline.WRITE_COLOURS.get("Applied") + "\"")
                .contains("fill=\"" + Timeline.WRITE_COLOURS.get("Replayed") + "\"");
        assertThat(svg).contains("class=\"divergent\" data-step=\"13\"");
        assertThat(svg).contains("connection reset &lt;by peer&gt; &amp; gone").doesNotContain("<by peer>");
        assertThat(svg).contains("x&lt;y &amp; y&gt;z").doesNotContain(PAYLOAD);
        assertThat(svg).contains(">10.000001s<");
    }

    @Test
    void noHistoryNoDrawing() {
        assertThat(Timeline.svg(RunResult.Failure.withoutTrace("boom", null))).isEmpty();
    }

    private static List<String> lanes(String svg) {
        List<String> lanes = new ArrayList<>();
        Matcher m = Pattern.compile("data-lane=\"([^\"]+)\"").matcher(svg);
        while (m.find()) {
            lanes.add(m.group(1));
        }
        return lanes;
    }
}
