package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.check.Invariant;
import fencecheck.check.Violation;
import fencecheck.db.Databases;
import fencecheck.db.ReplicatedDatabase;
import fencecheck.db.replica.Replication;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.ReplicaVariants;
import fencecheck.run.Floors;
import fencecheck.run.Situation;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;

/**
 * The suite's failover property on a pair with one synchronous standby ({@code on}), as
 * {@code -Dfencecheck.db=replicated -Dfencecheck.replication=on} runs it: the reference passes with every floor of
 * the failover group met, and the variant that reads the fence on the standby is caught, shrunk to at most
 * {@value #MAX_SHRUNK_STEPS} steps. The rest of this JVM's properties stay on the embedded server.
 */
class FailoverPropertyTest {

    static final int MAX_SHRUNK_STEPS = 10;
    private static final Map<String, String> SETTINGS = Map.of(Databases.KIND_PROPERTY, "replicated",
            Replication.PROPERTY, Replication.ON.value(), Seeds.PROPERTY, "22");
    private static final Map<String, String> BEFORE = new HashMap<>();
    private static ReplicatedDatabase pair;

    @BeforeAll
    static void onOneSynchronousStandby() {
        // the JVM's database is fixed before the switch, so every other test keeps the embedded server
        Databases.shared();
        SETTINGS.forEach((key, value) -> BEFORE.put(key, System.setProperty(key, value)));
        pair = ReplicatedDatabase.shared();
    }

    @AfterAll
    static void settingsBack() {
        try {
            Harnesses.closeRunnersOn(pair);
            pair.close();
        } finally {
            BEFORE.forEach((key, value) -> {
                if (value == null) {
                    System.clearProperty(key);
                } else {
                    System.setProperty(key, value);
                }
            });
        }
    }

    @Test
    void theReferenceLosesNothingAndReachesEveryFloor() {
        LeaseProtocol reference = Implementations.select("reference");
        run(reference).testEvents().assertThatEvents().haveExactly(1, finishedSuccessfully());
        List<Set<Situation>> tries = Harnesses.failoverRunnerFor(reference).tries().situationsOfTries();
        Floors floors = Floors.of(Check.FAILOVER, reference, tries);
        StringBuilder shares = new StringBuilder();
        for (Situation situation : Situation.of(Check.FAILOVER)) {
            double percent = 100.0 * tries.stream().filter(t -> t.contains(situation)).count() / tries.size();
            shares.append(String.format(Locale.ROOT, "%n  %5.1f %%  %s%s", percent, situation.label(),
                    floors.applying().contains(situation) ? " (floor " + Floors.PERCENT + " %)" : ""));
            assertThat(floors.met(situation, percent)).as("%s in %.1f %% of %d tries", situation.label(), percent, tries.size())
                    .isTrue();
        }
        System.out.println("fencecheck: the failover property on replication on, " + tries.size() + " tries:" + shares);
        assertThat(floors.applying()).contains(Situation.FAILOVER_AFTER_GRANT, Situation.FAILOVER_AFTER_FENCED_WRITE,
                Situation.FAILOVER_WITH_JOB_OPEN, Situation.FAILOVER_WITH_TAKEOVER_WAITING);
    }

    @Test
    void aFenceReadOnTheStandbyIsCaughtEvenOnOne() {
        LeaseProtocol variant = Implementations.select(ReplicaVariants.FENCE_READ_ON_STANDBY);
        List<Event> finished = run(variant).testEvents().finished().list();
        assertThat(finished).as("the property ran once").hasSize(1);
        Throwable failure = finished.getFirst().getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .orElseThrow(() -> new AssertionError(variant.name() + " was NOT caught: the property passed"));
        List<PropertyFindings.Saved> findings = PropertyFindings.saved();
        assertThat(findings).as("%s failed through an error, not a trace: %s", variant.name(), failure).isNotEmpty();
        for (PropertyFindings.Saved saved : findings) {
            TryResult shrunk = saved.finding().shrunk();
            System.out.println("fencecheck: " + variant.name() + " on replication on, shrunk to " + shrunk.steps() + " steps: "
                    + shrunk.verdict());
            assertThat(shrunk.steps()).as("shrunk trace of %s (%s):%n%s", variant.name(), saved.finding().kind(),
                    FindingsFailure.textOf(failure)).isLessThanOrEqualTo(MAX_SHRUNK_STEPS);
        }
        // a superseded holder's write let through: the standby's replay, held behind the takeover, showed the old fence
        assertThat(findings).anySatisfy(saved -> {
            TryResult shrunk = saved.finding().shrunk();
            assertThat(shrunk.violations()).extracting(Violation::invariant).contains(Invariant.NO_STALE_ACCEPTANCE);
            assertThat(shrunk.trace().steps()).anyMatch(s -> s.action() instanceof Action.HoldReplay);
        });
    }

    private static EngineExecutionResults run(LeaseProtocol implementation) {
        String previous = System.setProperty(Implementations.PROPERTY, implementation.name());
        try {
            return EngineTestKit.engine("jqwik").configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectMethod(FailoverProperties.class, "databaseFailsOver", List.class.getName()))
                    .execute();
        } finally {
            if (previous == null) {
                System.clearProperty(Implementations.PROPERTY);
            } else {
                System.setProperty(Implementations.PROPERTY, previous);
            }
        }
    }
}
