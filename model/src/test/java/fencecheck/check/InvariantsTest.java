package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;
import fencecheck.model.Micros;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class InvariantsTest {

    private static final long TTL = 10 * Micros.SECOND;

    static Stream<Arguments> configs() {
        return Stream.of(Boundary.values()).flatMap(b -> Stream.of(
                Arguments.of(ModelConfig.reference().withBoundary(b)),
                Arguments.of(ModelConfig.reference().withBoundary(b).withIdempotentRegrant(false))));
    }

    @Test
    void emptyHistoryHasNoViolations() {
        assertThat(Invariants.check(List.of(), Boundary.INCLUSIVE)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("configs")
    void articleAcceptanceCaseRunThroughTheModelIsClean(ModelConfig config) {
        Recorder r = new Recorder(config);
        for (SinkKind sink : SinkKind.values()) {
            String key = "job-" + sink;
            long start = r.state().now();
            r.step(new Acquire(key, "a", TTL));
            r.step(new AdvanceClock(start + TTL + 1));
            r.step(new Renew(key, "a", 1, TTL));
            r.step(new Acquire(key, "b", TTL));
            r.step(new Write(sink, key, 2, "r1", "from b"));
            Outcome late = r.step(new Write(sink, key, 1, "r1", "from a"));
            assertThat(late).isEqualTo(new Stale());
        }

        assertThat(Invariants.check(r.events(), config.boundary())).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("configs")
    void boundaryWalkRunThroughTheModelIsClean(ModelConfig config) {
        Recorder r = new Recorder(config);
        r.step(new Acquire("job", "a", TTL));
        long token = 1;
        String holder = "a";
        for (int round = 0; round < 6; round++) {
            long until = r.state().now() + TTL;
            for (long t = until - 1; t <= until + 1; t++) {
                r.step(new AdvanceClock(t));
                r.step(new Acquire("job", "other" + round, TTL));
                r.step(new Renew("job", holder, token, TTL));
                r.step(new Write(SinkKind.CURRENT_FENCE, "job", token, "r" + t, "p"));
                r.step(new Write(SinkKind.LATEST_TOKEN_WINS, "job", token, "r", "p" + token));
            }
            r.step(new AdvanceClock(r.state().now() + 2 * TTL));
            holder = "h" + round;
            Outcome g = r.step(new Acquire("job", holder, TTL));
            token = ((Granted) g).token();
        }

        assertThat(Invariants.check(r.events(), config.boundary())).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("configs")
    void randomHistoriesRunThroughTheModelAreClean(ModelConfig config) {
        Map<String, Integer> seen = new HashMap<>();
        for (long seed = 1; seed <= 200; seed++) {
            List<Event> history = randomWalk(config, seed, 300);

            assertThat(Invariants.check(history, config.boundary())).as("seed %d", seed).isEmpty();

            for (Event e : history) {
                seen.merge(kind(e), 1, Integer::sum);
            }
        }
        assertThat(seen).containsKeys("takeover", "Busy", "Renewed", "RenewRejected", "Released",
                "ReleaseRejected", "Applied", "Replayed", "Conflict", "Stale", "Forged", "RolledBack");
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void modelHistoriesSatisfyTheCheckerOfTheSameConventionAndAnInclusiveModelSatisfiesBoth(Boundary checker) {
        ModelConfig inclusive = ModelConfig.reference();
        for (long seed = 1; seed <= 50; seed++) {
            assertThat(Invariants.check(randomWalk(inclusive, seed, 300), checker)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void exclusiveModelHistoriesBreakAnInclusiveChecker() {
        ModelConfig exclusive = ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE);
        boolean anyFound = false;
        for (long seed = 1; seed <= 50 && !anyFound; seed++) {
            List<Violation> found = Invariants.check(randomWalk(exclusive, seed, 300), Boundary.INCLUSIVE);
            assertThat(found).extracting(Violation::invariant).containsOnly(Invariant.MUTUAL_EXCLUSION);
            anyFound = !found.isEmpty();
        }
        assertThat(anyFound).isTrue();
    }

    @Test
    void checkCombinesAllInvariantsOrderedByStep() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(5, "job", "b", 1, 15)
                .latest(6, "job", 3, new Applied())
                .granted(20, "job", "c", 2, 30)
                .fenced(21, "job", 1, new Applied());

        List<Violation> found = Invariants.check(h.events(), Boundary.INCLUSIVE);

        assertThat(found).extracting(Violation::step, Violation::invariant).containsExactly(
                Tuple.tuple(2, Invariant.MUTUAL_EXCLUSION),
                Tuple.tuple(2, Invariant.TOKENS_STRICTLY_INCREASING),
                Tuple.tuple(3, Invariant.NO_STALE_ACCEPTANCE),
                Tuple.tuple(5, Invariant.NO_STALE_ACCEPTANCE));
    }

    @Test
    void literalArticleUpsertTrustingTheWorkersTokenIsCaught() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .latest(1, "job", 7, new Applied())
                .latest(2, "job", 1, new Stale());

        assertThat(Invariants.check(h.events(), Boundary.INCLUSIVE))
                .extracting(Violation::invariant).containsExactly(Invariant.NO_STALE_ACCEPTANCE);
    }

    @Test
    void violationPrintsTitleStepAndExplanation() {
        Violation v = new Violation(Invariant.MUTUAL_EXCLUSION, 7, "b holds job while a's lease is still valid");

        assertThat(v).hasToString("2. mutual exclusion broken at step 7: b holds job while a's lease is still valid");
        assertThat(Invariant.NO_STALE_ACCEPTANCE.title()).isEqualTo("1. no stale acceptance");
        assertThat(Invariant.TOKENS_STRICTLY_INCREASING.title()).isEqualTo("3. tokens strictly increasing, never reused");
    }

    private static String kind(Event e) {
        Outcome o = e.outcome();
        if (o instanceof Granted g) {
            return g.token() > 1 ? "takeover" : "Granted";
        }
        return o.getClass().getSimpleName();
    }

    /**
     * Workers that mostly act on what they were granted, sometimes on a wrong or forged token,
     * with short leases and a clock that moves in 0-2 µs steps, so boundary instants are hit often.
     */
    static List<Event> randomWalk(ModelConfig config, long seed, int steps) {
        Random random = new Random(seed);
        Recorder r = new Recorder(config);
        String[] keys = {"x", "y"};
        List<String> owners = new ArrayList<>(List.of("a", "b", "c"));
        Map<String, Long> believed = new HashMap<>();
        for (int i = 0; i < steps; i++) {
            String key = keys[random.nextInt(keys.length)];
            String owner = owners.get(random.nextInt(owners.size()));
            long token = random.nextInt(6) == 0
                    ? random.nextInt(5)
                    : believed.getOrDefault(owner + "/" + key, 1L);
            SinkKind sink = random.nextBoolean() ? SinkKind.CURRENT_FENCE : SinkKind.LATEST_TOKEN_WINS;
            Write write = new Write(sink, key, token, "r" + random.nextInt(3), "p" + random.nextInt(2));
            Command c = switch (random.nextInt(10)) {
                case 0, 1 -> new Acquire(key, owner, random.nextInt(4));
                case 2 -> new Renew(key, owner, token, random.nextInt(4));
                case 3 -> new Release(key, owner, token);
                case 4, 5 -> write;
                case 6 -> new RolledBackWrite(write);
                case 7, 8 -> new AdvanceClock(r.state().now() + random.nextInt(3));
                default -> {
                    owners.add("w" + i);
                    yield new AdvanceClock(r.state().now() - 1);
                }
            };
            Outcome o = r.step(c);
            if (c instanceof Acquire a && o instanceof Granted g) {
                believed.put(a.owner() + "/" + a.key(), g.token());
            }
        }
        return r.events();
    }
}
