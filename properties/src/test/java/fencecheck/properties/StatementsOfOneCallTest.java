package fencecheck.properties;

import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * The lease property stops generated calls between the statements of their
 * files: a pack whose acquire is two statements each right on its own passes
 * (and the stop happens often enough for its floor), one that checks in the
 * first statement and takes the key in the second is caught.
 */
class StatementsOfOneCallTest {

    /** The test packs of the harness module (a relative folder starts at the project's root). */
    private static final String PACKS = "sql:harness/src/test/resources/packs/";

    @Test
    void statementsEachRightOnTheirOwnPass() {
        TestExecutionResult result = leaseProperty(PACKS + "acquire-in-two-statements");
        assertThat(result.getStatus()).as(result.getThrowable().map(FindingsFailure::textOf).orElse(""))
                .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
    }

    @Test
    void checkThenActAcrossTwoStatementsIsCaught() {
        TestExecutionResult result = leaseProperty(PACKS + "acquire-check-then-act");
        assertThat(result.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        assertThat(result.getThrowable().map(FindingsFailure::textOf).orElse("").replaceAll("\\s+", " "))
                .contains("safety").contains("mutual exclusion")
                // whichever worker, key and tokens the shrunk trace names: a grant while another worker's grant still held
                .containsPattern("w\\d's acquire K\\d at [0-9.]+ s was answered Granted\\(token \\d+.* after w\\d was granted token \\d+")
                .contains("was answered Granted").contains("the reference answers Busy");
    }

    private static TestExecutionResult leaseProperty(String implementation) {
        String previous = System.getProperty(Implementations.PROPERTY);
        System.setProperty(Implementations.PROPERTY, implementation);
        try {
            List<Event> finished = EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(LeaseProtocolProperties.class, "databaseAgreesWithModel", List.class.getName()))
                    .execute().testEvents().finished().list();
            assertThat(finished).as("the property ran once").hasSize(1);
            return finished.get(0).getPayload(TestExecutionResult.class).orElseThrow();
        } finally {
            if (previous == null) {
                System.clearProperty(Implementations.PROPERTY);
            } else {
                System.setProperty(Implementations.PROPERTY, previous);
            }
        }
    }
}
