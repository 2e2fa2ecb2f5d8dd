package fencecheck.run;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.TimeResolution;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Coverage floors follow the implementation: its resolution, and whether its points between statements are met at all. */
class FloorsTest {

    private static final String MILLISECONDS = "sql:classpath:/packs/millisecond-clock";

    @Test
    void aRenewOneMillisecondFromItsEndIsAtTheBoundaryOfAnImplementationOfMilliseconds() {
        TryResult r = FreshRunner.run(MILLISECONDS, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", -1)),
                Step.worker(1, new Action.Renew())));
        assertThat(r.passed()).as(r.verdict()).isTrue();
        assertThat(r.situations()).as("one millisecond is the nearest a clock of milliseconds comes to the end")
                .contains(Situation.BOUNDARY_RENEW);
        assertThat(Situations.of(r.trace(), r.history(), TimeResolution.MICROSECONDS))
                .as("counted to the microsecond, the same renew is never at the boundary").doesNotContain(Situation.BOUNDARY_RENEW);
        TryResult away = FreshRunner.run(MILLISECONDS, List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", -2_000)),
                Step.worker(1, new Action.Renew())));
        assertThat(away.situations()).as("two units away is not at the boundary").doesNotContain(Situation.BOUNDARY_RENEW);
    }

    @Test
    void theFloorBetweenStatementsIsLiftedWhenSplitsRarelyMeetACallOfSeveralStatements() {
        LeaseProtocol twoStatements = Implementations.select(BetweenStatementsTest.TWO_STATEMENTS);
        Floors rare = Floors.of(Check.LEASES, twoStatements, tries(100, 3));
        assertThat(rare.applying()).doesNotContain(Situation.BETWEEN_STATEMENTS).contains(Situation.TAKEOVER);
        assertThat(rare.lifted()).singleElement().asString()
                .contains("lifted for " + BetweenStatementsTest.TWO_STATEMENTS).contains("3 of 100 tries").doesNotContain("\n");
        assertThat(rare.met(Situation.BETWEEN_STATEMENTS, 0.0)).isTrue();

        Floors often = Floors.of(Check.LEASES, twoStatements, tries(100, 30));
        assertThat(often.applying()).contains(Situation.BETWEEN_STATEMENTS);
        assertThat(often.lifted()).isEmpty();
        assertThat(often.met(Situation.BETWEEN_STATEMENTS, 4.0)).as("the generator's defect: splits met such calls often").isFalse();
        assertThat(often.applying()).as("never floored: it only says whether the floor can be reached").doesNotContain(Situation.CALL_STOPPED);
    }

    /** {@code of} tries, the first {@code stopped} of which a split stopped a call between statements in. */
    private static List<Set<Situation>> tries(int of, int stopped) {
        List<Set<Situation>> tries = new ArrayList<>();
        for (int i = 0; i < of; i++) {
            tries.add(i < stopped ? EnumSet.of(Situation.CALL_STOPPED) : EnumSet.noneOf(Situation.class));
        }
        return tries;
    }
}
