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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The timeline drawing of lease and job failures. */
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

    /** A try with restarts, a zombie, a duplicate, a rolled-back write and an error. */
    RunResult.Failure restarts() {
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
        String svg = Timeline.svg(restarts());

        assertThat(lanes(svg)).containsExactly("w1.1", "w1.2", "w1.3", "w2.1");
        assertThat(svg).contains("class=\"shade zombie\"").contains("zombie z1");
        assertThat(svg).contains("&rarr; zombie z1").contains("class=\"shade dead\"").contains(">restarted<");
        assertThat(svg).contains("<title>K1 token 1, valid until 10.000000s, then expired</title>");
        assertThat(svg).contains("<title>K1 token 2, valid until 20.000001s, still valid when the try stopped</title>");
        assertThat(svg).contains(">dup t1 r1<").contains(">t2 r2 rb<").contains(">busy<").contains(">renew<").contains(">error<")
                .contains(">grant t1<").contains(">grant t2<");
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"2\"").contains("class=\"mark write accepted\" data-step=\"3\"")
                .contains("class=\"mark write rolled-back accepted\" data-step=\"9\"").contains("class=\"mark error error\" data-step=\"13\"");
        assertThat(svg).contains("class=\"divergent\" data-step=\"13\"").contains("step 13 diverged: error connection reset &lt;by peer&gt; &amp; gone");
        assertThat(svg).contains("connection reset &lt;by peer&gt; &amp; gone").doesNotContain("<by peer>");
        assertThat(svg).contains("x&lt;y &amp; y&gt;z").doesNotContain(PAYLOAD);
        assertThat(svg).contains(">10.000001s<").contains(">0s<");
    }

    @Test
    void theStaleWriteIsRedAlthoughTheDatabaseAnsweredApplied() {
        String svg = Timeline.svg(SampleResults.failing().failure());
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"5\"")
                .contains("class=\"mark write accepted-stale\" data-step=\"7\"")
                .contains("fill=\"" + TimelineShapes.colour(TimelineModel.Judgement.ACCEPTED_STALE) + "\"");
        assertThat(svg).contains(">t1 r1<").contains(">t2 r1<").contains(">model: stale<");
        assertThat(svg).contains("step 7 diverged: model Stale &middot; database Applied");
        assertThat(svg).contains("class=\"band violation\" data-step=\"7\"").contains("invariant 1. no stale acceptance");
        assertThat(svg).contains("class=\"shade paused\"");
    }

    @Test
    void leaseExpiriesAreMarkedOnTheAxisAndAtTheEndOfTheBar() {
        String svg = Timeline.svg(SampleResults.failing().failure());
        assertThat(svg).contains("class=\"lease expired\"").contains("class=\"expiry\"").contains("class=\"expiry-mark\"")
                .contains(">K1 t1 expires 10s<");
        assertThat(svg).contains("class=\"lease continues\"").contains(">K1 t2 valid until 20.000001s &rarr;<");
        // the expiry lies inside the clock move from 0 to 10.000001s: after step 2 (at 0), before step 3
        double expiry = number(svg, "class=\"expiry-mark\" d=\"M ([0-9.]+) ") + 4.5;
        assertThat(expiry).isGreaterThan(stepX(svg).get(2)).isLessThan(stepX(svg).get(3));
    }

    @Test
    void theAxisIsProportionalToTimeWithAFixedGapBetweenStepsAtOneInstant() {
        Map<Integer, Double> x = stepX(Timeline.svg(SampleResults.failing().failure()));
        double gap = TimelineScale.GAP;
        assertThat(x.get(2) - x.get(1)).isCloseTo(gap, within(0.2));
        assertThat(x.get(5) - x.get(4)).isCloseTo(gap, within(0.2));
        // 10.000001 s is one lease duration (10 s) and a microsecond
        assertThat(x.get(3) - x.get(2)).isCloseTo(gap + TimelineScale.LEASE_WIDTH, within(0.5));
        for (int step = 2; step <= 7; step++) {
            assertThat(x.get(step)).isGreaterThan(x.get(step - 1));
        }
    }

    @Test
    void faultsRestartsAndZombiesAreDrawn() {
        String svg = Timeline.svg(SampleResults.faultFailing().failure());
        assertThat(lanes(svg)).containsExactly("w1.1", "w2.1");
        assertThat(svg).contains("class=\"mark network\" data-step=\"3\"").contains(">answer lost<");
        assertThat(svg).contains("class=\"mark grant-lost\" data-step=\"4\"").contains("class=\"lease answer-lost continues\"")
                .contains(">grant t1 ?<");
        assertThat(svg).contains("class=\"shade zombie\"").contains("class=\"mark restart\" data-step=\"2\"");
        // a zombie stays paused: its write does nothing
        assertThat(svg).contains("class=\"mark noop\" data-step=\"6\"");
        assertThat(svg).contains("class=\"band database-crash\" data-step=\"7\"").contains(">database crash<");
        assertThat(svg).contains("class=\"mark busy\" data-step=\"8\"").contains("class=\"differs\"").contains(">model: grant t1<");
        assertThat(svg).contains("step 8 diverged: model Granted(token 1, until 10.000000s) &middot; database Busy");
    }

    @Test
    void jobTransactionsWaitsClaimsAndDeliveriesAreDrawn() {
        String svg = Timeline.svg(SampleResults.jobDuplicateEffectFailing().failure());
        assertThat(lanes(svg)).containsExactly("w1", "w2", "relay");
        assertThat(svg).contains("<g class=\"txn committed\">").contains("<g class=\"txn rolled-back\">");
        assertThat(svg).contains("<g class=\"wait\">").contains("<g class=\"wait-link\">")
                .contains("w1&#39;s transaction ended: w2&#39;s statement goes on");
        assertThat(svg).contains(">claim t1<").contains(">t1 r1<").contains(">t2 r2<").contains(">waits<").contains(">commit<")
                .contains(">rollback<").contains(">relay crashes<").contains(">delivered again<").contains(">model: no effect<");
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"4\"")
                .contains("class=\"mark write refused\" data-step=\"11\"")
                .contains("class=\"mark write refused\" data-step=\"12\"")
                .contains("class=\"mark delivery accepted\" data-step=\"15\"")
                .contains("class=\"mark delivery accepted-stale\" data-step=\"16\"");
        // w2's acquire is granted where it went on: at the commit of step 9
        assertThat(svg).contains("class=\"mark grant\" data-step=\"9\"").contains(">grant t2<");
        assertThat(svg).contains("class=\"divergent\" data-step=\"16\"").contains("class=\"band violation\" data-step=\"16\"");
        assertThat(svg).doesNotContain(SampleResults.NASTY).doesNotContain(SampleResults.QUOTED);
    }

    @Test
    void aTakeoverThatShouldHaveWaitedIsMarked() {
        String svg = Timeline.svg(SampleResults.jobTakeoverFailing().failure());
        assertThat(lanes(svg)).containsExactly("w1", "w2");
        assertThat(svg).contains("<g class=\"txn open\">").contains(">claim t1<");
        assertThat(svg).contains("class=\"mark grant\" data-step=\"5\"").contains("class=\"differs\"").contains(">model: waits<");
        assertThat(svg).contains("step 5 diverged: model Waiting &middot; database Granted(token 2, until 20.000001s)");
        assertThat(svg).contains(">K1 t1 expires 10s<");
    }

    @Test
    void theLegendListsOnlyWhatIsDrawn() {
        String lease = Timeline.drawing(SampleResults.failing().failure()).legend();
        assertThat(keys(lease)).contains("lease", "expiry", "grant", "write-accepted", "write-accepted-stale", "paused", "divergent",
                "violation", "clock-move").doesNotContain("txn-committed", "wait", "zombie", "write-refused", "network", "letters");
        String job = Timeline.drawing(SampleResults.jobDuplicateEffectFailing().failure()).legend();
        assertThat(keys(job)).contains("txn-committed", "txn-rolled-back", "wait", "link", "write-accepted", "write-refused",
                "delivery-accepted-stale", "letters", "commit", "rollback").doesNotContain("paused", "zombie", "write-accepted-stale");
    }

    @Test
    void labelsNeitherOverlapNorLeaveTheDrawing() {
        for (RunResult.Failure f : List.of(restarts(), SampleResults.failing().failure(), SampleResults.faultFailing().failure(),
                SampleResults.jobTakeoverFailing().failure(), SampleResults.jobDuplicateEffectFailing().failure())) {
            assertReadable(Timeline.svg(f));
        }
    }

    private void faulted(Step step, String resolved, Command command, long at, Outcome expected, Outcome observed, String fault) {
        steps.add(step);
        history.add(new HistoryEntry(steps.size(), step.actor(), step.action().toString(), resolved, command, at,
                expected, observed, null, null, null, null, fault));
    }

    /** A lost grant receipt, a statement the network holds past a takeover, a coordinator restart, a reset, a crash mid-write, a lost request. */
    RunResult.Failure networkFaultsAndCrashes() {
        long t = 10 * S + 1;
        Action.Write write = new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", PAYLOAD);
        Command.Write late = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", PAYLOAD);
        step(Step.worker(1, new Action.Acquire("K1", true)), "acquire K1 as w1.1 for 10.000000s (the answer is lost on the way back)",
                new Command.Acquire("K1", "w1.1", 10 * S), 0, new Outcome.Granted(1, 10 * S));
        step(Step.worker(1, new Action.Acquire("K1")), "acquire K1 as w1.1 for 10.000000s", new Command.Acquire("K1", "w1.1", 10 * S), 0,
                new Outcome.Granted(1, 10 * S));
        step(Step.nemesis(new Action.Network("w1", fencecheck.trace.NetworkFault.DELAYED)),
                "the network will hold the next statement until it is delivered of w1.1", null, 0, null);
        faulted(Step.worker(1, write), "write K1 token 1 ...; the network holds it", null, 0, null, null, "DELAYED");
        step(Step.clock(new Action.AdvanceToExpiry("K1", 1)), "clock to 10.000001s", new Command.AdvanceClock(t), t, new Outcome.ClockAt(t));
        step(Step.worker(2, new Action.Acquire("K1")), "acquire K1 as w2.1", new Command.Acquire("K1", "w2.1", 10 * S), t,
                new Outcome.Granted(2, t + 10 * S));
        faulted(Step.nemesis(new Action.Deliver("w1")), "deliver: write K1 token 1", late, t, new Outcome.Stale(), new Outcome.Stale(), null);
        step(Step.nemesis(new Action.RestartCoordinator()), "restart the coordinator: what it kept in memory is gone", null, t, null);
        step(Step.nemesis(new Action.Network("w2", fencecheck.trace.NetworkFault.CONNECTION_RESET)), "the network will reset", null, t, null);
        Outcome.RolledBack undone = new Outcome.RolledBack(new Outcome.Applied());
        faulted(Step.worker(2, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r2", PAYLOAD)), "write in a transaction; reset before commit",
                new Command.RolledBackWrite(new Command.Write(SinkKind.CURRENT_FENCE, "K1", 2, "r2", PAYLOAD)), t, undone, undone, "CONNECTION_RESET");
        faulted(Step.nemesis(new Action.CrashMidWrite("w2", SinkKind.CURRENT_FENCE, "r3", PAYLOAD)), "w2.1 crashes before commit; w2.2 takes over",
                new Command.RolledBackWrite(new Command.Write(SinkKind.CURRENT_FENCE, "K1", 2, "r3", PAYLOAD)), t, undone, undone, null);
        step(Step.worker(2, new Action.Acquire("K1")), "acquire K1 as w2.2", new Command.Acquire("K1", "w2.2", 10 * S), t, new Outcome.Busy());
        step(Step.nemesis(new Action.Network("w1", fencecheck.trace.NetworkFault.REQUEST_LOST)), "the network will lose the next request", null, t, null);
        faulted(Step.worker(1, new Action.Renew()), "renew; the request is lost", new Command.Renew("K1", "w1.1", 1, 10 * S), t, null, null,
                "REQUEST_LOST");
        return new RunResult.Failure("diverged", null, List.of(), Trace.of("reference", steps), history, null);
    }

    @Test
    void networkFaultsCrashesAndRestartsAreMarkedWhereTheyHappen() {
        RunResult.Failure failure = networkFaultsAndCrashes();
        String svg = Timeline.svg(failure);
        assertThat(lanes(svg)).containsExactly("w1.1", "w2.1", "w2.2");
        // the receipt was lost, then the re-grant's answer came: one lease, drawn solid
        assertThat(svg).contains("class=\"mark grant-lost\" data-step=\"1\"").contains(">grant t1 ?<")
                .contains("class=\"mark grant\" data-step=\"2\"").contains("<g class=\"lease expired\">");
        assertThat(svg).contains("class=\"mark network\" data-step=\"3\"").contains(">delay<").contains("<g class=\"held\">").contains(">held<");
        assertThat(svg).contains("class=\"mark write refused\" data-step=\"7\"");
        assertThat(svg).contains("class=\"band coordinator-restart\" data-step=\"8\"").contains(">coordinator restart<");
        assertThat(svg).contains("class=\"mark write rolled-back accepted\" data-step=\"10\"").contains(">t2 r2 rb<").contains(">reset<");
        assertThat(svg).contains("class=\"mark write rolled-back accepted\" data-step=\"11\"").contains(">crash t2 r3 rb<")
                .contains(">crashed<").contains("class=\"shade dead\"");
        assertThat(svg).contains("class=\"mark busy\" data-step=\"12\"");
        assertThat(svg).contains("class=\"mark lost\" data-step=\"14\"").contains(">renew ?<").contains(">request lost<");
        assertThat(svg).doesNotContain("class=\"divergent\"").doesNotContain(PAYLOAD);
        assertThat(keys(Timeline.drawing(failure).legend())).contains("held", "network", "coordinator-restart", "dead", "rolled-back",
                "lost", "grant-lost", "write-refused").doesNotContain("divergent", "paused");
        assertReadable(svg);
    }

    @Test
    void noHistoryNoDrawing() {
        assertThat(Timeline.svg(RunResult.Failure.withoutTrace("boom", null))).isEmpty();
        assertThat(Timeline.drawing(RunResult.Failure.withoutTrace("boom", null))).isNull();
    }

    // --- reading the SVG -----------------------------------------------------------------------------------

    private static final Pattern TEXT = Pattern.compile(
            "<text class=\"([^\"]*)\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" font-size=\"([0-9.]+)\" fill=\"[^\"]*\"( font-weight=\"700\")?>([^<]*)</text>");

    /**
     * No two placed labels overlap (by the same estimate of text width the layout uses, which errs wide),
     * and every one lies inside the drawing's width.
     */
    static void assertReadable(String svg) {
        double width = number(svg, "<svg class=\"timeline-svg\"[^>]* width=\"([0-9.]+)\"");
        record Box(double x0, double x1, double y, String text) {
        }
        List<Box> boxes = new ArrayList<>();
        Matcher m = TEXT.matcher(svg);
        while (m.find()) {
            String text = org.apache.commons.text.StringEscapeUtils.unescapeHtml4(m.group(6));
            double size = Double.parseDouble(m.group(4));
            double x0 = Double.parseDouble(m.group(2));
            double w = TimelineText.width(text, size) * (m.group(5) != null ? 1.08 : 1);
            boxes.add(new Box(x0, x0 + w, Double.parseDouble(m.group(3)), text));
        }
        assertThat(boxes).isNotEmpty();
        for (Box b : boxes) {
            assertThat(b.x1()).as("'%s' ends inside the drawing (%s px wide)", b.text(), width).isLessThanOrEqualTo(width);
            assertThat(b.x0()).as("'%s' starts inside the drawing", b.text()).isGreaterThanOrEqualTo(0);
        }
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                Box a = boxes.get(i);
                Box b = boxes.get(j);
                boolean sameLine = Math.abs(a.y() - b.y()) < 10;
                boolean overlap = a.x0() < b.x1() && b.x0() < a.x1();
                assertThat(sameLine && overlap).as("'%s' and '%s' overlap", a.text(), b.text()).isFalse();
            }
        }
    }

    /** The x of each step's number on the axis, by step. */
    static Map<Integer, Double> stepX(String svg) {
        Map<Integer, Double> x = new HashMap<>();
        Matcher m = Pattern.compile("<text class=\"step\" x=\"([0-9.]+)\"[^>]*>#(\\d+)</text>").matcher(svg);
        while (m.find()) {
            x.put(Integer.parseInt(m.group(2)), Double.parseDouble(m.group(1)));
        }
        return x;
    }

    private static double number(String svg, String regex) {
        Matcher m = Pattern.compile(regex).matcher(svg);
        assertThat(m.find()).as(regex).isTrue();
        return Double.parseDouble(m.group(1));
    }

    static List<String> lanes(String svg) {
        List<String> lanes = new ArrayList<>();
        Matcher m = Pattern.compile("<g class=\"lane\" data-lane=\"([^\"]+)\"").matcher(svg);
        while (m.find()) {
            lanes.add(m.group(1));
        }
        return lanes;
    }

    static List<String> keys(String legend) {
        List<String> keys = new ArrayList<>();
        Matcher m = Pattern.compile("data-key=\"([^\"]+)\"").matcher(legend);
        while (m.find()) {
            keys.add(m.group(1));
        }
        return keys;
    }
}
