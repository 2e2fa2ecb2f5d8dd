package fencecheck.properties;

import fencecheck.api.LeaseProtocol;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * Every correct implementation besides the reference passes every generated
 * property with the project's own settings: article B's boundary convention
 * ({@code reference-exclusive}), and the implementations that lock where the
 * reference does not. A model that prescribed the reference's waits would
 * fail the latter.
 */
class CorrectAlternativesTest {

    private record PropertyMethod(Class<?> type, String method) {
    }

    private static final List<PropertyMethod> EVERY_PROPERTY = List.of(
            new PropertyMethod(LeaseProtocolProperties.class, "databaseAgreesWithModel"),
            new PropertyMethod(JobTransactionProperties.class, "interleavedTransactionsAgreeWithModel"),
            new PropertyMethod(JobTransactionProperties.class, "openJobsVanishInADatabaseCrash"),
            new PropertyMethod(JobTransactionProperties.class, "jobsUnderNetworkFaults"),
            new PropertyMethod(FaultProperties.class, "networkFaultsAndRestarts"),
            new PropertyMethod(FaultProperties.class, "databaseCrashes"));

    @TestFactory
    Stream<DynamicContainer> everyCorrectAlternativePassesEveryProperty() {
        return Implementations.correctAlternatives().stream().map(implementation -> DynamicContainer.dynamicContainer(
                implementation.name(), EVERY_PROPERTY.stream().map(property -> DynamicTest.dynamicTest(
                        property.type().getSimpleName() + "." + property.method(), () -> assertPasses(implementation, property)))));
    }

    private static void assertPasses(LeaseProtocol implementation, PropertyMethod property) {
        String previous = System.getProperty(Implementations.PROPERTY);
        System.setProperty(Implementations.PROPERTY, implementation.name());
        try {
            List<Event> finished = EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(property.type(), property.method(), List.class.getName()))
                    .execute().testEvents().finished().list();
            assertThat(finished).as("the property ran once").hasSize(1);
            TestExecutionResult result = finished.get(0).getPayload(TestExecutionResult.class).orElseThrow();
            assertThat(result.getStatus())
                    .as("%s against %s: %s", property.method(), implementation.name(),
                            result.getThrowable().map(FindingsFailure::textOf).orElse(""))
                    .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        } finally {
            if (previous == null) {
                System.clearProperty(Implementations.PROPERTY);
            } else {
                System.setProperty(Implementations.PROPERTY, previous);
            }
        }
    }
}
