package fencecheck.properties;

import fencecheck.protocol.Implementations;
import fencecheck.protocol.SqlLeaseProtocol;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** An implementation without the job transaction is skipped by the job properties, with the reason, and not failed. */
class JobTransactionRequiredTest {

    @Test
    void anImplementationWithoutAJobClientSaysSo() {
        assertThat(new LeaseOnlyReference().hasJobTransaction()).isFalse();
        assertThat(SqlLeaseProtocol.reference().hasJobTransaction()).isTrue();
    }

    @Test
    void theJobPropertiesSkipItWithOneLine() {
        String previous = System.getProperty(Implementations.PROPERTY);
        System.setProperty(Implementations.PROPERTY, LeaseOnlyReference.class.getName());
        try {
            var events = EngineTestKit.engine("jqwik").configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectClass(JobTransactionProperties.class)).execute().allEvents();
            assertThat(events.failed().count()).isZero();
            List<Event> skipped = events.skipped().list();
            // the class names the three job groups; the suite's other properties are skipped as not named
            List<String> jobProperties = List.of("interleavedTransactionsAgreeWithModel", "openJobsVanishInADatabaseCrash",
                    "jobsUnderNetworkFaults");
            assertThat(skipped).hasSize(9);
            assertThat(skipped).filteredOn(e -> jobProperties.stream().anyMatch(p -> e.getTestDescriptor().getDisplayName().startsWith(p)))
                    .hasSize(3)
                    .allSatisfy(e -> assertThat(e.getPayload(String.class).orElseThrow())
                            .doesNotContain("\n")
                            .contains(LeaseOnlyReference.class.getName() + " has no job transaction, outbox or consumer"));
            assertThat(skipped).filteredOn(e -> jobProperties.stream().noneMatch(p -> e.getTestDescriptor().getDisplayName().startsWith(p)))
                    .hasSize(6)
                    .allSatisfy(e -> assertThat(e.getPayload(String.class).orElseThrow()).endsWith("is not among the checks @Fencecheck names"));
        } finally {
            if (previous == null) {
                System.clearProperty(Implementations.PROPERTY);
            } else {
                System.setProperty(Implementations.PROPERTY, previous);
            }
        }
    }
}
