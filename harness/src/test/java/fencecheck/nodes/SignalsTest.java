package fencecheck.nodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class SignalsTest {

    @Test
    void windowsAndAMissingKillCommandAreRefusedInOneLine() {
        assertThat(Signals.unavailable("Windows 11", Optional.of("kill"))).hasValueSatisfying(reason ->
                assertThat(reason).contains("Windows").doesNotContain("\n"));
        assertThat(Signals.unavailable("Linux", Optional.empty())).hasValueSatisfying(reason ->
                assertThat(reason).contains("kill command").doesNotContain("\n"));
        assertThat(Signals.unavailable("Linux", Optional.of("/usr/bin/kill"))).isEmpty();
        assertThat(Signals.unavailable("Mac OS X", Optional.of("/bin/kill"))).isEmpty();
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "nodes are paused with POSIX signals")
    void thisMachineCanPauseProcesses() {
        assertThat(Signals.unavailable()).isEmpty();
    }
}
