package fencecheck.properties;

import fencecheck.findings.Severity;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A property's line counts an implementation's errors apart from its findings, never among the conformance differences. */
class FindingsMessageTest {

    @Test
    void findingsAreCountedBySeverityAndImplementationErrorsApart() {
        assertThat(FindingsMessage.counted(List.of(Severity.SAFETY, Severity.CONFORMANCE, Severity.CONFORMANCE)))
                .isEqualTo("3 findings (1 safety, 2 conformance)");
        assertThat(FindingsMessage.counted(List.of(Severity.SAFETY, Severity.ERROR, Severity.ERROR, Severity.ERROR)))
                .isEqualTo("1 finding (1 safety, 0 conformance) and 3 implementation errors");
        assertThat(FindingsMessage.counted(List.of(Severity.ERROR))).isEqualTo("1 implementation error");
    }
}
