package fencecheck.check;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In real time too, an implementation held to safety alone is explained by admissible answers (a lease end cut to
 * the millisecond, a Busy where the reference grants), and the model goes on from what they said; the reference's
 * wording still decides under strict, and an unsafe answer is explained by neither.
 */
class AdmissibleInRealTimeTest {

    private static final long TTL = 100_000;
    private static final ModelConfig STRICT = ModelConfig.reference().withConformance(Conformance.STRICT);
    private static final ModelConfig SAFETY = ModelConfig.reference().withConformance(Conformance.SAFETY);

    private final List<TimedOperation> ops = new ArrayList<>();

    private void op(String process, Command c, long invoke, long complete, Outcome outcome) {
        ops.add(new TimedOperation(ops.size() + 1, process, c, invoke, complete, outcome, ""));
    }

    private RealTimeHistory history() {
        return new RealTimeHistory(ops, Map.of(), List.of(), 0, 0);
    }

    @Test
    void truncatedEndsAndARefusalAreLinearizableUnderSafetyAlone() {
        // answered ends cut to the millisecond: 100 000 + 1 700 would be the reference's earliest end
        op("w1", new Acquire("K1", "w1", TTL), 1_700, 2_000, new Granted(1, 101_000));
        op("w1", new Command.Renew("K1", "w1", 1, TTL), 50_700, 51_000, new Renewed(150_000));
        op("w2", new Acquire("K1", "w2", TTL), 151_000, 152_000, new Busy());
        op("w2", new Acquire("K1", "w2", TTL), 160_000, 161_000, new Granted(2, 260_000));
        assertThat(Linearizability.check(history(), SAFETY)).as("the model goes on from the ends the answers said")
                .isInstanceOf(Linearizability.Linearizable.class);
        assertThat(RealTimeVerdict.of(history(), SAFETY, 10_000).passed()).isTrue();
        assertThat(Linearizability.check(history(), STRICT)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void aRevivingRenewIsLinearizableUnderSafetyWithItsOnePointNamed() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_500));
        // sent a tenth of a second after the lease ran out, nobody having taken K1: the reference refuses it
        op("w1", new Command.Renew("K1", "w1", 1, TTL), 200_000, 201_000, new Renewed(300_500));
        op("w1", new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", "p"), 250_000, 251_000, new Outcome.Applied());

        Linearizability.Verdict safety = Linearizability.check(history(), SAFETY);
        assertThat(safety).isInstanceOf(Linearizability.Linearizable.class);
        List<Linearizability.Point> admitted = ((Linearizability.Linearizable) safety).admitted();
        assertThat(admitted).extracting(Linearizability.Point::operation).containsExactly(2);
        assertThat(admitted.get(0).difference()).contains("a renew after the lease ran out").contains("revives it");
        assertThat(RealTimeVerdict.of(history(), SAFETY, 10_000).passed()).isTrue();
        assertThat(Linearizability.check(history(), STRICT)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    @Test
    void anOrderOfTheReferencesAnswersAloneNamesNoAdmissiblePoint() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_500));
        // the search tries the release first (it starts first), after which the Busy is admissible only; placed
        // before the release, the Busy is the reference's answer
        op("w1", new Command.Release("K1", "w1", 1), 40_000, 45_000, new Outcome.Released());
        op("w2", new Acquire("K1", "w2", TTL), 41_000, 60_000, new Busy());

        Linearizability.Verdict safety = Linearizability.check(history(), SAFETY);
        assertThat(safety).isInstanceOf(Linearizability.Linearizable.class);
        assertThat(((Linearizability.Linearizable) safety).admitted()).isEmpty();
        assertThat(Linearizability.check(history(), STRICT)).isInstanceOf(Linearizability.Linearizable.class);
    }

    @Test
    void aGrantWhileAnotherHoldsTheLeaseIsExplainedByNeither() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_000));
        op("w2", new Acquire("K1", "w2", TTL), 50_000, 51_000, new Granted(2, 150_000));
        assertThat(Linearizability.check(history(), SAFETY)).isInstanceOf(Linearizability.NotLinearizable.class);
    }

    /**
     * A release whose answer was lost, then three owners told Busy and the holder's re-lock under a new token. Left
     * out, the release leaves one admissible answer (the re-lock's token); placed, it would make the three Busy
     * admissible instead. A witness that trades the one for the three is no smaller, and is not taken.
     */
    @Test
    void aNoteIsNotTradedForMoreElsewhere() {
        op("w1", new Acquire("K1", "w1", TTL), 0, 1_000, new Granted(1, 100_500));
        op("w1", new Command.Release("K1", "w1", 1), 10_000, 50_000, null);
        op("w2", new Acquire("K1", "w2", TTL), 60_000, 61_000, new Busy());
        op("w3", new Acquire("K1", "w3", TTL), 62_000, 63_000, new Busy());
        op("w4", new Acquire("K1", "w4", TTL), 64_000, 65_000, new Busy());
        op("w1", new Acquire("K1", "w1", TTL), 70_000, 71_000, new Granted(2, 170_500));

        Linearizability.Verdict safety = Linearizability.check(history(), SAFETY);
        assertThat(safety).isInstanceOf(Linearizability.Linearizable.class);
        assertThat(((Linearizability.Linearizable) safety).admitted()).extracting(Linearizability.Point::operation)
                .containsExactly(6);
    }
}
