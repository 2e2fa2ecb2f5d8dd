package fencecheck.realtime;

import fencecheck.check.Linearizability;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RealTimeRunTest {

    @Test
    void theReferencePassesARealTimeRun() throws Exception {
        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), Implementations.select("reference"),
                RealTimeSettings.quick(3_000, 7));
        System.out.println("operations " + r.history().operations().size() + ", unknown "
                + r.history().operations().stream().filter(o -> o.unknown()).count() + ", uncertainty " + r.history().uncertainty()
                + " us, situations " + r.situations() + ", run " + r.runMillis() + " ms, check " + r.checkMillis() + " ms: "
                + r.verdict().sentence());
        if (!r.passed() && r.shrunk() != null) {
            r.shrunk().history().operations().forEach(o -> System.out.println(o));
        }
        assertThat(r.verdict().linearizability()).isInstanceOf(Linearizability.Linearizable.class);
        assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
        assertThat(r.errors()).as("no call the reference failed instead of answering").isEmpty();
    }
}
