package fencecheck.properties;

import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An implementation that reads a clock fencecheck does not move is told so in one line at its first grant, in lock step
 * and in real time, and the property stops there: no try after it runs, nothing is shrunk, no coverage floor is judged.
 * And a clock handed over in a static field is the right one in every order of properties.
 */
class ClockTrapsTest {

    private static final String LINE = " reads a clock fencecheck does not control: ";

    @Test
    void aJavaImplementationOnTheWallClockStopsTheLockStepPropertyAtItsFirstGrant() {
        String name = ClockedLeases.OnTheWallClock.class.getName();
        String line = oneLine(run(name, Map.of(), lockStep()).get(0));
        assertThat(line).startsWith(name + LINE).containsPattern("w\\d's acquire K\\d as w\\d for [0-9.]+s at [0-9.]+s answered a lease"
                + " end of 20[0-9-]+T[0-9:.]+Z").containsPattern("before the earliest instant the call can have read the clock at,"
                + " 2030-01-01T00:00:00(\\.\\d+)?Z").contains("check it in real time only (checks = Check.REAL_TIME)");
    }

    @Test
    void aKitImplementationOnTheWallClockStopsTheLockStepPropertyAtItsFirstGrant() {
        String name = WallClockKitLeases.class.getName();
        assertThat(oneLine(run(name, Map.of(), lockStep()).get(0))).startsWith(name + LINE)
                .containsPattern("w\\d's acquire K\\d as w\\d for [0-9.]+s at [0-9.]+s answered a lease end of 20[0-9-]+T")
                .contains("LeaseProtocol.useClock");
    }

    @Test
    void aClockAnHourAheadStopsTheRealTimePropertyAtItsFirstGrant() {
        String name = ClockedLeases.AnHourAhead.class.getName();
        String line = oneLine(run(name, Map.of(RealTimeChecks.MILLIS, "500"), realTime()).get(0));
        assertThat(line).startsWith(name + LINE).containsPattern("w\\d+(\\.\\d+)?'s acquire K\\d as w\\d+(\\.\\d+)? for [0-9.]+ ms"
                + " \\(operation \\d+, sent at [0-9.]+ ms of the run\\) answered a lease end of 20[0-9-]+T")
                .contains("after the call's end plus the").contains("keep the JVM's clock in sync");
    }

    @Test
    void aClockKeptInAStaticFieldIsTheVirtualOneInLockStepAfterARealTimeRun() {
        String name = ClockedLeases.InAStaticField.class.getName();
        Map<String, String> shortRuns = Map.of(RealTimeChecks.MILLIS, "300");
        // lock step first: its runner is made (and handed the virtual clock) before the real-time run hands the real one
        List<TestExecutionResult> first = run(name, shortRuns, lockStep());
        run(name, shortRuns, realTime());
        List<TestExecutionResult> again = run(name, shortRuns, lockStep());
        for (TestExecutionResult result : List.of(first.get(0), again.get(0))) {
            assertThat(result.getThrowable().map(FindingsFailure::textOf).orElse("")).doesNotContain(LINE.strip());
            assertThat(result.getStatus()).as(result.getThrowable().map(FindingsFailure::textOf).orElse(""))
                    .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
        }
    }

    private static PropertyMethod lockStep() {
        return new PropertyMethod(LeaseProtocolProperties.class, "databaseAgreesWithModel", List.class.getName());
    }

    private static PropertyMethod realTime() {
        return new PropertyMethod(RealTimeProperties.class, "historiesAreLinearizable", long.class.getName());
    }

    private record PropertyMethod(Class<?> suite, String method, String parameter) {
    }

    /** The failure's one line, as the console prints it (wrapped to its width), without the property's name before it. */
    private static String oneLine(TestExecutionResult result) {
        assertThat(result.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
        Throwable failure = result.getThrowable().orElseThrow();
        assertThat(failure.getMessage()).doesNotContain("\n");
        return FindingsFailure.textOf(failure).replaceAll("\\s*\\n\\s*", " ").replaceFirst("^\\S+: ", "");
    }

    private static List<TestExecutionResult> run(String implementation, Map<String, String> settings, PropertyMethod property) {
        Map<String, String> previous = new HashMap<>();
        Map<String, String> all = new HashMap<>(settings);
        all.put(Implementations.PROPERTY, implementation);
        all.forEach((k, v) -> previous.put(k, System.setProperty(k, v)));
        try {
            List<Event> finished = EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(DiscoverySelectors.selectMethod(property.suite(), property.method(), property.parameter()))
                    .execute().testEvents().finished().list();
            assertThat(finished).as("the property ran once").hasSize(1);
            return finished.stream().map(e -> e.getPayload(TestExecutionResult.class).orElseThrow()).toList();
        } finally {
            previous.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }
}
