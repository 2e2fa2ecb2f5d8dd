package fencecheck.properties;

import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.protocol.Implementations;
import fencecheck.run.Situation;
import fencecheck.run.TraceRunner;
import fencecheck.run.TraceTable;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Generated traces with one failover, on a pair with one synchronous standby ({@code on}) the test starts itself:
 * nothing acknowledged is lost, so the reference passes every one; and the traces reach a failover right after an
 * acknowledged grant. A failover with its rejoin costs seconds, so the tries are few.
 */
class FailoverTracesTest {

    private static ReplicatedDatabase db;
    private static TraceRunner runner;
    private static final Set<Situation> REACHED = EnumSet.noneOf(Situation.class);

    @BeforeContainer
    static void start() {
        db = ReplicatedDatabase.start(Replication.ON);
        runner = new TraceRunner(db, Implementations.select("reference"));
    }

    @AfterContainer
    static void stop() {
        runner.close();
        db.close();
        assertThat(REACHED).as("situations reached over the tries").contains(Situation.FAILOVER, Situation.FAILOVER_AFTER_GRANT);
    }

    @Property(tries = 6, seed = "22", shrinking = ShrinkingMode.OFF)
    void theReferenceOnOneSynchronousStandbyLosesNothingInAFailover(@ForAll("oneFailover") List<Step> steps) {
        assertThat(steps).filteredOn(s -> s.action() instanceof Action.Failover).hasSize(1);
        TryResult r = runner.run(Trace.of("reference", steps));
        REACHED.addAll(r.situations());
        assertThat(r.passed()).as(r.verdict() + "\n" + TraceTable.render(r)).isTrue();
    }

    @Provide
    Arbitrary<List<Step>> oneFailover() {
        return FaultTraces.withOneFailover();
    }
}
