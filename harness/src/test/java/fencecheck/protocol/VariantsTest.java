package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every known-buggy variant answers differently from the reference on a tiny
 * hand-made sequence, while the reference agrees with the model on it.
 */
class VariantsTest {

    private static final long TTL = 10_000_000L;

    @FunctionalInterface
    interface Scenario {
        void play(Lockstep run) throws SQLException;
    }

    private static final Map<String, Scenario> SCENARIOS = Map.ofEntries(
            entry(Variants.RENEW_IGNORES_TOKEN, run -> {
                UUID a = run.owner("a");
                run.acquire("job", a, TTL);
                run.clockTo(TTL + 1);
                run.acquire("job", a, TTL);
                run.renew("job", a, 1, TTL);
            }),
            entry(Variants.RENEW_REVIVES_EXPIRED, run -> {
                UUID a = run.owner("a");
                run.acquire("job", a, TTL);
                run.clockTo(TTL + 1);
                run.renew("job", a, 1, TTL);
            }),
            entry(Variants.ACQUIRE_KEEPS_TOKEN, run -> {
                run.acquire("job", run.owner("a"), TTL);
                run.clockTo(TTL + 1);
                run.acquire("job", run.owner("b"), TTL);
            }),
            entry(Variants.RELEASE_DELETES_ROW, run -> {
                UUID a = run.owner("a");
                run.acquire("job", a, TTL);
                run.release("job", a, 1);
                run.acquire("job", run.owner("b"), TTL);
            }),
            entry(Variants.SINK_IGNORES_TOKEN, run -> {
                run.acquire("job", run.owner("a"), TTL);
                run.clockTo(TTL + 1);
                run.acquire("job", run.owner("b"), TTL);
                run.writeLatest("job", 2, "b");
                run.writeLatest("job", 1, "a");
                run.writeFenced("job", 1, "r", "a");
            }),
            entry(Variants.SINK_ACCEPTS_EQUAL_TOKEN, run -> {
                run.acquire("job", run.owner("a"), TTL);
                run.writeLatest("job", 1, "x");
                run.writeLatest("job", 1, "y");
            }),
            entry(Variants.SINK_TRUSTS_TOKEN, run -> {
                run.acquire("job", run.owner("a"), TTL);
                run.writeLatest("job", 7, "forged");
                run.writeLatest("job", 1, "real");
            }),
            entry(Variants.BOUNDARY_OVERLAP, run -> {
                UUID a = run.owner("a");
                run.acquire("job", a, TTL);
                run.clockTo(TTL);
                run.acquire("job", run.owner("b"), TTL);
                run.renew("job", a, 1, TTL);
            }),
            entry(Variants.ZERO_ROWS_IS_SUCCESS, run -> {
                run.acquire("job", run.owner("a"), TTL);
                run.writeLatest("job", 5, "forged");
                run.writeFenced("job", 5, "r", "forged");
            }),
            entry(Variants.SHARED_FENCE, run -> {
                run.acquire("one", run.owner("a"), TTL);
                run.clockTo(TTL + 1);
                run.acquire("one", run.owner("b"), TTL);
                run.acquire("two", run.owner("c"), TTL);
                run.writeFenced("two", 1, "r", "c");
            }),
            entry(Variants.STABLE_OWNER, run -> {
                run.acquire("job", run.owner("worker"), TTL);
                run.acquire("job", run.owner("worker"), TTL);
            }));

    static Stream<String> variantNames() {
        return Variants.names().stream();
    }

    @Test
    void everyVariantHasAScenario() {
        assertThat(SCENARIOS.keySet()).containsExactlyInAnyOrderElementsOf(Variants.names());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variantNames")
    void differsFromTheReference(String name) throws SQLException {
        Scenario scenario = SCENARIOS.get(name);

        List<Outcome> reference;
        try (Lockstep run = new Lockstep(Implementations.select("reference"))) {
            scenario.play(run);
            assertThat(run.divergences()).as("the reference agrees with the model").isEmpty();
            reference = run.observed();
        }

        LeaseProtocol variant = Implementations.select(name);
        assertThat(variant.name()).isEqualTo(name);
        assertThat(variant.description()).isNotBlank();
        assertThat(variant.modelConfig()).isEqualTo(ModelConfig.reference());
        try (Lockstep run = new Lockstep(variant)) {
            scenario.play(run);
            assertThat(run.observed()).as(name + " answers differently").isNotEqualTo(reference);
        }
    }

    @Test
    void eachSqlVariantReplacesOnlyItsOwnFiles() {
        for (LeaseProtocol variant : Variants.all()) {
            if (variant instanceof SqlLeaseProtocol sql) {
                assertThat(sql.overridden().size()).as(variant.name()).isLessThanOrEqualTo(2);
                sql.overridden().forEach(op -> assertThat(sql.source(op)).startsWith("variants/" + variant.name() + "/"));
            }
        }
    }
}
