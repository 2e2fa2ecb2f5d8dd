package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.SqlPack;
import fencecheck.protocol.pack.SqlPacks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** What the settings say is found before the first try, said once, and counted once. */
class PreflightTest {

    private static final String SEED_PROBLEM = "-Dfencecheck.seed=abc is not a seed";

    @TempDir
    Path dir;

    @Test
    void aSettingErrorFailsOnePropertyOfTheWholeRunAndIsPrintedByNoOther() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        Events events;
        try (PrintStream capture = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            System.setErr(capture);
            events = withSetting(Seeds.PROPERTY, "abc", () -> EngineTestKit.engine("jqwik")
                    .configurationParameters(VariantSearchSettings.configuration())
                    .selectors(selectClass(LeaseProtocolProperties.class), selectClass(FaultProperties.class),
                            selectClass(JobTransactionProperties.class))
                    .execute().testEvents());
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertThat(events.failed().count()).as("failures for one bad setting").isEqualTo(1);
        assertThat(events.failed().list().getFirst().getPayload(TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow())
                .isInstanceOf(ConfigurationError.class).hasMessageStartingWith(SEED_PROBLEM).hasMessageNotContaining("\n");
        // the other five asked-for properties are skipped, pointing at the one that failed
        assertThat(events.skipped().list()).filteredOn(e -> e.getPayload(String.class).orElse("").startsWith("not run: the setting error"))
                .hasSize(5);
        assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain(SEED_PROBLEM);
    }

    @Test
    void aTypoInAPackIsASettingErrorNamingTheFileAndLine() throws IOException {
        SqlPack reference = SqlPacks.builtIn("reference");
        for (Operation operation : Operation.values()) {
            Path file = dir.resolve(operation.file());
            Files.createDirectories(file.getParent());
            reference.find(operation).ifPresent(f -> write(file, f.text()));
        }
        write(dir.resolve("fencecheck.properties"), "name=preflight-typo-pack\n");
        write(dir.resolve("acquire.sql"), "-- acquire, with a typo\nSELEC fencing_token, lease_until\n  from job_leases where job_key = :job_key"
                + " and owner_id = :owner and :ttl_micros > 0");

        String problem = withSetting(Implementations.PROPERTY, "sql:" + dir, () -> {
            Configuration.forget();
            return Configuration.problem().orElseThrow(() -> new AssertionError("the typo was accepted"));
        });

        assertThat(problem).isEqualTo(dir.resolve("acquire.sql") + " line 2, column 1: syntax error at or near \"SELEC\"; fix the"
                + " statement; PostgreSQL could not prepare it, so no try was run");
    }

    @Test
    void crashChecksAreRefusedUpFrontOnADatabaseFencecheckDidNotStart() {
        Set<Check> asked = EnumSet.of(Check.LEASE_FAULTS, Check.LEASE_CRASH);
        assertThat(Preflight.crashRefusal(Check.LEASE_CRASH, "url", asked)).hasValue("crashes need the embedded server fencecheck"
                + " starts, not the url database; unset fencecheck.db and fencecheck.db.url, or leave crashes out:"
                + " -Dfencecheck.checks=LEASE_FAULTS");
        assertThat(Preflight.crashRefusal(Check.JOB_CRASH, "container", EnumSet.of(Check.JOB_CRASH)))
                .hasValue("crashes need the embedded server fencecheck starts, not the container database; unset fencecheck.db");
        assertThat(Preflight.crashRefusal(Check.LEASE_CRASH, "embedded", asked)).isEmpty();
        assertThat(Preflight.crashRefusal(Check.LEASE_FAULTS, "url", asked)).isEmpty();
        assertThat(Preflight.crashRefusal(Check.REAL_TIME, "container", asked)).isEmpty();
    }

    @Test
    void theChecksAskedForAreTheAnnotationsNarrowedByTheCommandLine() {
        assertThat(Preflight.checksOf(FaultProperties.class)).containsExactlyInAnyOrder(Check.LEASE_FAULTS, Check.LEASE_CRASH);
        assertThat(withSetting(Selection.PROPERTY, "lease_faults,jobs", () -> Preflight.checksOf(FaultProperties.class)))
                .containsExactly(Check.LEASE_FAULTS);
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T withSetting(String key, String value, Supplier<T> run) {
        String previous = System.getProperty(key);
        System.setProperty(key, value);
        Configuration.forget();
        try {
            return run.get();
        } finally {
            if (previous == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, previous);
            }
            // the properties that run after this test see the build's own settings again
            Configuration.forget();
        }
    }
}
