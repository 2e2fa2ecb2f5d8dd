package fencecheck.report;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.run.HistoryEntry;
import fencecheck.trace.Action;
import fencecheck.trace.NetworkFault;
import fencecheck.trace.Step;
import org.apache.commons.text.StringEscapeUtils;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The timeline drawing of failures, from histories of the one trace language. */
class TimelineTest {

    static final long S = 1_000_000L;
    static final String PAYLOAD = "x<y & y>z";

    private static JobOutcome answered(Outcome outcome) {
        return new JobOutcome.Answered(outcome);
    }

    private static JobCommand lease(String session, Command command) {
        return new JobCommand.LeaseOperation(session, command);
    }

    private static JobCommand write(String session, long token, String resultId) {
        return new JobCommand.Write(session, new Command.Write(SinkKind.CURRENT_FENCE, "K1", token, resultId, PAYLOAD));
    }

    /**
     * A try with restarts, a zombie, a duplicate, a write rolled back with its transaction and an error: w1 writes,
     * the network delivers the write again, w1 is restarted and lives on as zombie z1 (still believing it holds
     * K1 token 1) while w1.2 takes over, waits out the lease and writes in a transaction it rolls back; the
     * zombie, paused, cannot write; w1.2 is restarted dead and w1.3's acquire fails with an error.
     */
    static RunResult.Failure restarts() {
        Action.Write write = Action.Write.fenced("r1", PAYLOAD);
        SampleResults.History h = new SampleResults.History()
                .step(Step.worker(1, new Action.Acquire("K1")), "w1", "acquire K1", lease("w1", new Command.Acquire("K1", "w1", 10 * S)),
                        answered(new Outcome.Granted(1, 10 * S)), answered(new Outcome.Granted(1, 10 * S)))
                .step(Step.worker(1, write), "w1", "write K1 token 1 to fenced sink result r1 payload \"" + PAYLOAD + "\"", write("w1", 1, "r1"),
                        answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step(Step.nemesis(new Action.Duplicate("w1")), "w1", "write K1 token 1 to fenced sink result r1 payload \"" + PAYLOAD
                        + "\" (delivered again)", write("w1", 1, "r1"), answered(new Outcome.Replayed()), answered(new Outcome.Replayed()))
                .fault(Step.nemesis(new Action.Restart("w1", true)), "restart w1: w1 lives on as zombie z1, paused; w1.2 takes over")
                .step(Step.worker(1, new Action.Acquire("K1")), "w1.2", "acquire K1", lease("w1.2", new Command.Acquire("K1", "w1.2", 10 * S)),
                        answered(new Outcome.Busy()), answered(new Outcome.Busy()))
                .step(Step.clock(new Action.AdvanceBy(10 * S + 1)), "clock to 10.000001s", new JobCommand.AdvanceClock(10 * S + 1),
                        new JobOutcome.ClockAt(10 * S + 1), new JobOutcome.ClockAt(10 * S + 1))
                .step(Step.worker(1, new Action.Acquire("K1")), "w1.2", "acquire K1", lease("w1.2", new Command.Acquire("K1", "w1.2", 10 * S)),
                        answered(new Outcome.Granted(2, 20 * S + 1)), answered(new Outcome.Granted(2, 20 * S + 1)))
                .step(Step.worker(1, new Action.Renew()), "w1.2", "renew K1 token 2", lease("w1.2", new Command.Renew("K1", "w1.2", 2, 10 * S)),
                        answered(new Outcome.Renewed(20 * S + 1)), answered(new Outcome.Renewed(20 * S + 1)))
                .step(Step.worker(1, new Action.Begin()), "w1.2", "begin", new JobCommand.Begin("w1.2"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step(Step.worker(1, Action.Write.fenced("r2", PAYLOAD)), "w1.2", "write K1 token 2 to fenced sink result r2 payload \""
                        + PAYLOAD + "\" (in its transaction)", write("w1.2", 2, "r2"), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .step(Step.worker(1, new Action.Rollback()), "w1.2", "rollback", new JobCommand.Rollback("w1.2"), new JobOutcome.RolledBack(),
                        new JobOutcome.RolledBack())
                .noOp(Step.worker(2, write), "w2", "(no-op) w2 has no held token to write with: write skipped")
                .noOp(Step.zombie(1, write), "w1", "(no-op) w1 is paused: write skipped")
                .fault(Step.nemesis(new Action.Restart("w1", false)), "w1.2", "restart w1: w1.2 is dead, its connection dropped; w1.3 takes over")
                .error(Step.worker(1, new Action.Acquire("K1")), "w1.3", "acquire K1", lease("w1.3", new Command.Acquire("K1", "w1.3", 10 * S)),
                        answered(new Outcome.Busy()), "connection reset <by peer> & gone");
        return new RunResult.Failure("diverged", 15, List.of(), h.trace("reference"), h.entries, null);
    }

    @Test
    void oneLanePerIncarnationWithLeasesWritesAndFaults() {
        String svg = Timeline.svg(restarts());

        // every incarnation has a lane of its own: the zombie acts on the lane of the incarnation it was (w1)
        assertThat(lanes(svg)).containsExactly("w1", "w2", "w1.2", "w1.3");
        // a restart is marked on the incarnation it ends, which is shaded a zombie or dead from then on
        assertThat(laneOf(svg, "w1")).contains("class=\"mark restart\" data-step=\"4\"><title>restart w1: w1 lives on as zombie z1,"
                + " paused; w1.2 takes over").contains("class=\"shade zombie\"");
        assertThat(svg).contains("class=\"mark noop\" data-step=\"13\"><title>(no-op) w1 is paused: write skipped\n");
        assertThat(laneOf(svg, "w1.2")).contains("class=\"mark restart\" data-step=\"14\"><title>restart w1: w1.2 is dead, its connection"
                + " dropped; w1.3 takes over").contains("class=\"shade dead\"");
        assertThat(laneOf(svg, "w1")).contains("data-step=\"13\"").doesNotContain("data-step=\"5\"");
        assertThat(laneOf(svg, "w1.2")).contains("data-step=\"5\"").contains("data-step=\"11\"").doesNotContain("data-step=\"13\"");
        assertThat(svg).contains("<title>K1 token 1, valid until 10.000000s, then expired</title>");
        assertThat(svg).contains("<title>K1 token 2, valid until 20.000001s, still valid when the try stopped</title>");
        assertThat(svg).contains(">t1 r1<").contains(">t2 r2<").contains(">busy<").contains(">renew<").contains(">error<")
                .contains(">grant t1<").contains(">grant t2<").contains(">rollback<");
        // the duplicate is the same write again, answered Replayed; the rolled-back write sits in its rolled-back transaction
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"2\"").contains("class=\"mark write accepted\" data-step=\"3\"")
                .contains("(delivered again)").contains("class=\"mark write accepted\" data-step=\"10\"")
                .contains("<g class=\"txn rolled-back\">").contains("class=\"mark error error\" data-step=\"15\"");
        assertThat(svg).contains("class=\"divergent\" data-step=\"15\"").contains("step 15 diverged: error connection reset &lt;by peer&gt; &amp; gone");
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
        // the pause shades the lane of the worker it stopped, from the pause to the resume
        assertThat(laneOf(svg, "w1")).contains("class=\"shade paused\"");
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
        // the gap is stretched to the width the drawing fills, the same between any two steps at one instant
        double gap = x.get(2) - x.get(1);
        assertThat(gap).isBetween(TimelineScale.MIN_GAP, TimelineScale.MAX_GAP);
        assertThat(x.get(5) - x.get(4)).isCloseTo(gap, within(0.2));
        // 10.000001 s is one lease duration (10 s) and a microsecond: it takes width beyond the gap, a lease's at least
        assertThat(x.get(3) - x.get(2) - gap).isGreaterThanOrEqualTo(TimelineScale.LEASE_WIDTH - 0.5);
        TimelineScale natural = new TimelineScale(List.of(new TimelineModel.Moment(1, 0, false), new TimelineModel.Moment(2, 0, false)), 1, 0);
        assertThat(natural.x(1) - natural.x(0)).as("laid out for no width, the natural gap").isCloseTo(TimelineScale.GAP, within(0.01));
        for (int step = 2; step <= 7; step++) {
            assertThat(x.get(step)).isGreaterThan(x.get(step - 1));
        }
    }

    @Test
    void faultsRestartsAndZombiesAreDrawn() {
        String svg = Timeline.svg(SampleResults.faultFailing().failure());
        assertThat(lanes(svg)).containsExactly("w1", "w2");
        // the armed fault and the statement it took the answer of are marked in the worker's lane
        assertThat(laneOf(svg, "w1")).contains("class=\"mark network\" data-step=\"3\"><title>the network will lose the answer of w1&#39;s"
                + " next statement");
        assertThat(svg).contains("class=\"mark network\" data-step=\"4\"").contains(">answer lost<")
                .contains("class=\"mark grant-lost\" data-step=\"4\"").contains(">grant t1 ?<");
        // the grant's receipt was lost, not the grant: w1 holds the lease it does not know of
        assertThat(laneOf(svg, "w1")).contains("class=\"lease answer-lost");
        assertThat(laneOf(svg, "w2")).contains("class=\"mark restart\" data-step=\"2\"><title>restart w2: w2 lives on as zombie z2, paused;"
                + " w2.2 takes over").contains("class=\"shade zombie\"");
        // a zombie stays paused: its write does nothing, in the lane of the incarnation it was
        assertThat(laneOf(svg, "w2")).contains("class=\"mark noop\" data-step=\"6\"><title>(no-op) w2 is paused: write skipped\n");
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
                "violation", "clock-move").doesNotContain("txn-committed", "wait", "zombie", "write-refused", "network", "letters", "noop");
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

    /**
     * A lost grant receipt, a statement the network holds past a takeover, a coordinator restart, a connection reset
     * inside a transaction, a worker restarted with a transaction open, a lost request.
     */
    static RunResult.Failure networkFaultsAndCrashes() {
        long t = 10 * S + 1;
        Action.Write write = Action.Write.fenced("r1", PAYLOAD);
        String late = "write K1 token 1 to fenced sink result r1 payload \"" + PAYLOAD + "\"";
        SampleResults.History h = new SampleResults.History()
                .step(Step.worker(1, new Action.Acquire("K1", true)), "acquire K1 (the answer is lost on the way back)",
                        lease("w1", new Command.Acquire("K1", "w1", 10 * S)), answered(new Outcome.Granted(1, 10 * S)),
                        answered(new Outcome.Granted(1, 10 * S)))
                .step(Step.worker(1, new Action.Acquire("K1")), "acquire K1", lease("w1", new Command.Acquire("K1", "w1", 10 * S)),
                        answered(new Outcome.Granted(1, 10 * S)), answered(new Outcome.Granted(1, 10 * S)))
                .note(Step.nemesis(new Action.Network("w1", NetworkFault.DELAYED)), "the network will hold of w1's next statement")
                .held(Step.worker(1, write), "w1", late + "; the network holds it")
                .step(Step.clock(new Action.AdvanceToExpiry("K1", 1)), "clock to 10.000001s", new JobCommand.AdvanceClock(t),
                        new JobOutcome.ClockAt(t), new JobOutcome.ClockAt(t))
                .step(Step.worker(2, new Action.Acquire("K1")), "acquire K1", lease("w2", new Command.Acquire("K1", "w2", 10 * S)),
                        answered(new Outcome.Granted(2, t + 10 * S)), answered(new Outcome.Granted(2, t + 10 * S)))
                .note(Step.nemesis(new Action.Deliver("w1")), "the network delivers w1's held statement: " + late)
                .also(HistoryEntry.Kind.STATEMENT, "w1", "deliver: " + late, write("w1", 1, "r1"), answered(new Outcome.Stale()),
                        answered(new Outcome.Stale()), null)
                .fault(Step.nemesis(new Action.RestartCoordinator()), "restart the coordinator: what it kept in memory is gone")
                .step(Step.worker(2, new Action.Begin()), "begin", new JobCommand.Begin("w2"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .note(Step.nemesis(new Action.Network("w2", NetworkFault.CONNECTION_RESET)),
                        "the network will reset the connection after of w2's next statement")
                .step(Step.worker(2, Action.Write.fenced("r2", PAYLOAD)), "write K1 token 2 to fenced sink result r2 payload \"" + PAYLOAD
                        + "\" (in its transaction)", write("w2", 2, "r2"), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .rolledBackWithConnection("w2", "the connection is reset: the transaction rolls back", NetworkFault.CONNECTION_RESET.name())
                .step(Step.worker(2, new Action.Begin()), "begin", new JobCommand.Begin("w2"), new JobOutcome.Begun(), new JobOutcome.Begun())
                .step(Step.worker(2, Action.Write.fenced("r3", PAYLOAD)), "write K1 token 2 to fenced sink result r3 payload \"" + PAYLOAD
                        + "\" (in its transaction)", write("w2", 2, "r3"), answered(new Outcome.Applied()), answered(new Outcome.Applied()))
                .fault(Step.nemesis(new Action.Restart("w2", false)), "restart w2: w2 is dead, its connection dropped; w2.2 takes over")
                .rolledBackWithConnection("w2", "its transaction rolls back with its connection (dead)", null)
                .step(Step.worker(2, new Action.Acquire("K1")), "w2.2", "acquire K1", lease("w2.2", new Command.Acquire("K1", "w2.2", 10 * S)),
                        answered(new Outcome.Busy()), answered(new Outcome.Busy()))
                .note(Step.nemesis(new Action.Network("w1", NetworkFault.REQUEST_LOST)), "the network will lose the request of w1's next statement")
                .lost(Step.worker(1, new Action.Renew()), "w1", "renew K1 token 1; the request is lost: the database never sees it, the client"
                        + " times out after 100 ms and drops its connection", lease("w1", new Command.Renew("K1", "w1", 1, 10 * S)), null,
                        NetworkFault.REQUEST_LOST);
        return new RunResult.Failure("diverged", null, List.of(), h.trace("reference"), h.entries, null);
    }

    @Test
    void networkFaultsCrashesAndRestartsAreMarkedWhereTheyHappen() {
        RunResult.Failure failure = networkFaultsAndCrashes();
        String svg = Timeline.svg(failure);
        assertThat(lanes(svg)).as("the coordinator restart is a band across the lanes, not a lane").containsExactly("w1", "w2", "w2.2");
        // the receipt was lost, then the re-grant's answer came: one lease, until its expiry
        assertThat(svg).contains("class=\"mark grant\" data-step=\"1\"").contains("(the answer is lost on the way back)")
                .contains("class=\"mark grant\" data-step=\"2\"").contains("<g class=\"lease expired\">");
        assertThat(svg.split("<g class=\"lease ", -1)).as("one bar for K1 token 1 and one for K1 token 2").hasSize(3);
        // the held write: armed at step 3, held at step 4, judged when the network delivers it after the takeover
        assertThat(svg).contains("class=\"mark network\" data-step=\"3\"><title>the network will hold of w1&#39;s next statement")
                .contains("<g class=\"held\"><title>write K1 token 1 to fenced sink result r1 payload &quot;x&lt;y &amp; y&gt;z&quot;;"
                        + " the network holds it");
        assertThat(svg).contains("class=\"mark write refused\" data-step=\"7\"><title>deliver: write K1 token 1");
        assertThat(svg).contains("class=\"band coordinator-restart\" data-step=\"8\"><title>coordinator restart\nrestart the coordinator:"
                + " what it kept in memory is gone");
        // the reset rolls the open transaction back where it happened
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"11\"").contains(">t2 r2<")
                .contains("class=\"mark network\" data-step=\"11\"><title>&lt;- the connection is reset: the transaction rolls back\n")
                .contains("class=\"mark rollback\" data-step=\"11\"");
        // so does the restart that kills the worker with its transaction open
        assertThat(svg).contains("class=\"mark write accepted\" data-step=\"13\"").contains(">t2 r3<")
                .contains("class=\"mark restart\" data-step=\"14\"><title>restart w2: w2 is dead, its connection dropped; w2.2 takes over")
                .contains("class=\"shade dead\"")
                .contains("class=\"mark rollback\" data-step=\"14\"><title>&lt;- its transaction rolls back with its connection (dead)\n");
        assertThat(svg.split("<g class=\"txn rolled-back\">", -1)).as("two transactions rolled back").hasSize(3);
        assertThat(svg).contains("class=\"mark busy\" data-step=\"15\"");
        assertThat(svg).contains("class=\"mark network\" data-step=\"17\"").contains(">request lost<")
                .contains("class=\"mark lost\" data-step=\"17\"").contains(">renew ?<");
        assertThat(svg).doesNotContain("class=\"divergent\"").doesNotContain(PAYLOAD);
        assertThat(keys(Timeline.drawing(failure).legend())).contains("network", "held", "restart", "dead", "coordinator-restart",
                "txn-rolled-back", "rollback", "lost", "grant", "write-refused", "write-accepted")
                .doesNotContain("divergent", "paused", "noop", "write-accepted-stale");
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
        double width = number(svg, "<svg class=\"timeline-svg[^\"]*\"[^>]* viewBox=\"0 0 ([0-9.]+) ");
        record Box(double x0, double x1, double y, String text) {
        }
        List<Box> boxes = new ArrayList<>();
        Matcher m = TEXT.matcher(svg);
        while (m.find()) {
            String text = StringEscapeUtils.unescapeHtml4(m.group(6));
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

    /** The SVG of one lane. */
    static String laneOf(String svg, String lane) {
        int start = svg.indexOf("<g class=\"lane\" data-lane=\"" + lane + "\"");
        assertThat(start).as("lane %s", lane).isNotNegative();
        return svg.substring(start, svg.indexOf("\n</g>\n", start));
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
