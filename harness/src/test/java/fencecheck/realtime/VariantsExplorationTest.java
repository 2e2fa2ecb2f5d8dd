package fencecheck.realtime;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

class VariantsExplorationTest {

    @Test
    void explore() throws Exception {
        List<LeaseProtocol> all = new ArrayList<>(Implementations.realTimeVariants());
        all.addAll(Implementations.variants());
        String only = System.getProperty("only");
        for (LeaseProtocol p : all) {
            if (only != null && !p.name().equals(only)) {
                continue;
            }
            long t0 = System.nanoTime();
            RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), p, RealTimeSettings.quick(3_000, 11));
            System.out.println("### " + p.name() + ": ops " + r.history().operations().size() + " passed=" + r.passed() + " check "
                    + r.checkMillis() + " ms, total " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + r.verdict().sentence().lines().findFirst().orElse(""));
            r.history().operations().stream().filter(o -> o.note().contains("after pause") && o.command() instanceof fencecheck.model.Command.Renew)
                    .forEach(o -> System.out.println("### " + o));
            r.history().marks().stream().filter(m -> m.what().startsWith("paused")).limit(5).forEach(m -> System.out.println("### " + m));
            if (r.shrunk() != null) {
                System.out.println("    shrunk to " + r.shrunk().history().operations().size() + " ops in " + r.shrunk().checks() + " checks"
                        + (r.shrunk().outOfTime() ? " (out of time)" : "") + ": " + r.shrunk().verdict().sentence().lines().findFirst().orElse(""));
            }
        }
    }
}
