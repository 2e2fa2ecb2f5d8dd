package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;

class DescribeTest {

    @Test
    void microsPrintAsSecondsWithSixDigits() {
        assertThat(Micros.format(0)).isEqualTo("0.000000s");
        assertThat(Micros.format(1)).isEqualTo("0.000001s");
        assertThat(Micros.format(10 * S + 500_000)).isEqualTo("10.500000s");
        assertThat(Micros.format(-1)).isEqualTo("-0.000001s");
        assertThat(Micros.format(-(3 * S + 2))).isEqualTo("-3.000002s");
    }

    @Test
    void commandsPrintOnOneLine() {
        assertThat(Describe.command(new Acquire("job", "a", 10 * S))).isEqualTo("acquire job as a for 10.000000s");
        assertThat(Describe.command(new Renew("job", "a", 2, S))).isEqualTo("renew job token 2 as a for 1.000000s");
        assertThat(Describe.command(new Release("job", "a", 2))).isEqualTo("release job token 2 as a");
        assertThat(Describe.command(new AdvanceClock(1))).isEqualTo("clock to 0.000001s");
        assertThat(Describe.command(new Write(SinkKind.LATEST_TOKEN_WINS, "job", 3, "r1", "p")))
                .isEqualTo("write job token 3 to latest-token sink payload \"p\"");
        assertThat(Describe.command(new Write(SinkKind.CURRENT_FENCE, "job", 3, "r1", "say \"hi\\\"")))
                .isEqualTo("write job token 3 to fenced sink result r1 payload \"say \\\"hi\\\\\\\"\"");
        assertThat(Describe.command(new RolledBackWrite(new Write(SinkKind.CURRENT_FENCE, "job", 1, "r1", "p"))))
                .isEqualTo("write job token 1 to fenced sink result r1 payload \"p\", then roll back");
    }

    @Test
    void outcomesPrintOnOneLine() {
        assertThat(Describe.outcome(new Outcome.Granted(2, S))).isEqualTo("Granted(token 2, until 1.000000s)");
        assertThat(Describe.outcome(new Outcome.Renewed(S))).isEqualTo("Renewed(until 1.000000s)");
        assertThat(Describe.outcome(new Outcome.RolledBack(new Outcome.Stale()))).isEqualTo("RolledBack(saw Stale)");
        assertThat(Describe.outcome(new Outcome.ClockAt(0))).isEqualTo("now 0.000000s");
        assertThat(Describe.outcome(new Outcome.Busy())).isEqualTo("Busy");
        assertThat(Describe.outcome(new Outcome.Forged())).isEqualTo("Forged");
    }
}
