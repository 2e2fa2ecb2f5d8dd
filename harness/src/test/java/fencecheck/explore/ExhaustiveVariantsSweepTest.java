package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Variants;
import fencecheck.run.TraceRunner;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Which known-buggy lease variants exhaustive mode finds, at which depth, with how many states and seconds: a table
 * printed, nothing asserted. Runs only when asked: {@code -Dfencecheck.exhaustive.sweep=DEPTH} (2 keys for
 * {@code shared-fence}, whose bug crosses keys).
 */
@EnabledIfSystemProperty(named = "fencecheck.exhaustive.sweep", matches = "[0-9]+")
class ExhaustiveVariantsSweepTest {

    @Test
    void everyLeaseVariant() {
        int depth = Integer.getInteger("fencecheck.exhaustive.sweep");
        List<LeaseProtocol> variants = new ArrayList<>(Variants.all());
        variants.addAll(FaultVariants.all());
        StringBuilder table = new StringBuilder("| variant | found at depth | states | tries | seconds | merged |\n");
        for (LeaseProtocol variant : variants) {
            int keys = variant.name().equals(Variants.SHARED_FENCE) ? 2 : 1;
            ExhaustiveScope scope = new ExhaustiveScope(2, keys, depth, ExhaustiveScope.DEFAULT_ACTIONS,
                    Trace.DEFAULT_LEASE_TTL, Duration.ofSeconds(90));
            try (TraceRunner runner = new TraceRunner(Databases.shared(), variant)) {
                ExhaustiveResult r;
                try {
                    r = new ExhaustiveRun(runner, scope, null).run();
                } catch (IllegalArgumentException e) {
                    table.append("| ").append(variant.name()).append(" | refused: ").append(e.getMessage()).append(" |\n");
                    continue;
                }
                table.append(String.format("| %s | %s | %,d | %,d | %.1f | %s |%n", variant.name(),
                        r.passed() ? "not found" + (r.cut().isPresent() ? " (cut at depth " + r.cut().get().depth() + ")" : " to depth " + r.completeDepth())
                                : String.valueOf(r.findings().getFirst().result().steps()),
                        r.states(), r.tries(), r.nanos() / 1e9, r.notMergedWhy().isEmpty() ? "yes" : "no"));
                if (!r.passed()) {
                    table.append("|   | ").append(r.findings().getFirst().result().trace().steps()).append(" |\n");
                }
            }
        }
        System.out.print(table);
    }
}
