package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The kit's packs over many seeded interleavings of three workers on two lock names: grants, renewals, releases,
 * takeovers at and after expiry, writes to both sinks with held and forged tokens, writes rolled back, and calls
 * stopped between their statements. (The properties module's generated lease properties run them too, see
 * FENCING.md; these traces keep the check in the harness's own build.)
 */
class KitRandomTracesTest {

    private static final int TRACES = 120;
    private static final int STEPS = 16;

    /** One seeded trace; every step is one the runner may skip (a renew without a lease is a no-op). */
    static List<Step> trace(long seed) {
        Random random = new Random(seed);
        List<Step> steps = new ArrayList<>();
        int results = 0;
        for (int i = 0; i < STEPS; i++) {
            int worker = 1 + random.nextInt(3);
            String key = random.nextInt(4) == 0 ? "K2" : "K1";
            switch (random.nextInt(11)) {
                case 0, 1 -> steps.add(Step.worker(worker, new Action.Acquire(key)));
                case 2 -> steps.add(Step.worker(worker, new Action.Renew()));
                case 3 -> steps.add(Step.worker(worker, new Action.Release()));
                case 4, 5 -> steps.add(Step.worker(worker, new Action.Write(random.nextBoolean() ? SinkKind.CURRENT_FENCE
                        : SinkKind.LATEST_TOKEN_WINS, random.nextInt(6) == 0 ? TokenSource.ABOVE_FENCE : TokenSource.HELD,
                        "r" + (random.nextInt(3) == 0 ? results : ++results), "p" + random.nextInt(2))));
                case 6 -> steps.add(Step.clock(new Action.AdvanceToExpiry(key, random.nextInt(3) - 1)));
                case 7 -> steps.add(Step.clock(new Action.AdvanceBy(1 + random.nextInt(12_000_000))));
                case 8 -> {
                    steps.add(Step.nemesis(new Action.Split("w" + worker, 1)));
                    steps.add(Step.worker(worker, new Action.Acquire(key)));
                }
                case 9 -> {
                    steps.add(Step.worker(worker, new Action.Begin()));
                    steps.add(Step.worker(worker, Action.Write.fenced("r" + ++results, "t")));
                    steps.add(Step.worker(worker, new Action.Rollback()));
                }
                default -> steps.add(Step.worker(worker, new Action.Acquire(key, true)));
            }
        }
        return steps;
    }

    private static void allPass(String implementation) {
        LeaseProtocol protocol = Implementations.select(implementation);
        List<String> answers = new ArrayList<>();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            for (long seed = 1; seed <= TRACES; seed++) {
                TryResult r = runner.run(Trace.of(implementation, trace(seed)));
                assertThat(r.passed()).as("seed " + seed + ": " + r.verdict() + "\n" + TraceTable.render(r)).isTrue();
                r.history().stream().filter(e -> e.kind() == HistoryEntry.Kind.STATEMENT && e.observed() != null)
                        .forEach(e -> answers.add(e.observed().toString()));
            }
        }
        // the traces reach what fencing is about: takeovers under new tokens, and stale and forged writes refused
        for (String word : List.of("token=3", "Stale", "Forged", "Applied", "Busy")) {
            assertThat(answers).as(implementation + " answered " + word + " somewhere").anyMatch(a -> a.contains(word));
        }
    }

    @Test
    void formAPassesEveryTrace() {
        allPass(KitPacksTest.FENCE_ROW);
    }

    @Test
    void formBPassesEveryTrace() {
        allPass(KitPacksTest.TRIGGER);
    }

    /** A library whose extend is "acquire or prolong", numbered by the call that changed its row. */
    @Test
    void formBOnAnAcquireOrProlongTablePassesEveryTrace() {
        allPass(KitAcquireOrProlongTest.PROLONG);
    }

    /** A claim table: a name of two columns, free when nobody owns it, its last claim time kept as text. */
    @Test
    void formBOnAClaimTablePassesEveryTrace() {
        allPass(KitClaimTableTest.CLAIMS);
    }

    /** The same traces catch kit-fence-row with its fence moved in a transaction of its own (KitPacksTest's variant). */
    @Test
    void theFenceOutsideTheAcquiresTransactionFailsSomeOfThem() {
        LeaseProtocol protocol = KitPacksTest.fenceOutsideTheAcquire();
        List<Long> unsafe = new ArrayList<>();
        try (TraceRunner runner = new TraceRunner(Databases.shared(), protocol)) {
            for (long seed = 1; seed <= TRACES; seed++) {
                TryResult r = runner.run(Trace.of(protocol.name(), trace(seed)));
                if (!r.passed() && r.safetyFinding()) {
                    unsafe.add(seed);
                }
            }
        }
        assertThat(unsafe).as("a seeded trace where a grant stopped before its fence comes back after another's").isNotEmpty();
    }
}
