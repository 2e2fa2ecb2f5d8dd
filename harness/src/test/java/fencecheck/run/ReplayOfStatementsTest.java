package fencecheck.run;

import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Trace;
import fencecheck.trace.TraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A saved job trace replays from the command line with the same waits and answers; bad files get one line. */
class ReplayOfStatementsTest {

    static final Trace TAKEOVER = Trace.of("check-then-write", JobRunnerTest.TAKEOVER_WAITS_FOR_OPEN_JOB);

    @Test
    void replayingASavedJobTraceReproducesTheDivergence(@TempDir Path dir) {
        TryResult first;
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("check-then-write"))) {
            first = runner.run(TAKEOVER);
        }
        Path file = dir.resolve("job.json");
        TraceFiles.write(TAKEOVER, file);
        assertThat(TraceFiles.read(file)).isEqualTo(TAKEOVER);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(List.of("replay", file.toString()), new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(printed).isEqualTo(1);
        assertThat(printed).contains(first.verdict()).contains(TraceTable.render(first));
    }

    @Test
    void theSameJobTraceAgainstTheReferencePasses(@TempDir Path dir) {
        Path file = dir.resolve("job.json");
        TraceFiles.write(TAKEOVER, file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(List.of("replay", file.toString(), "--implementation", "reference"),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).as(out.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Waiting");
    }

    @Test
    void aJobTraceWithAnActorThatCannotActGetsOneLine(@TempDir Path dir) throws Exception {
        Path wrongActor = Files.writeString(dir.resolve("relay-claims.json"), """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10000000,
                 "steps": [{"actor": "relay", "action": {"do": "claim"}}]}""");
        Path unknownAction = Files.writeString(dir.resolve("unknown.json"), """
                {"schemaVersion": 3, "implementation": "reference", "leaseTtl": 10000000,
                 "steps": [{"actor": "w1", "action": {"do": "teleport"}}]}""");
        assertThat(errorOf(List.of("replay", wrongActor.toString()))).contains("is not a valid trace")
                .contains("needs a worker");
        assertThat(errorOf(List.of("replay", unknownAction.toString()))).contains("is not a valid trace").contains("teleport");
    }

    private static String errorOf(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text).isEqualTo(2);
        assertThat(text.strip().lines()).as(text).hasSize(1);
        return text;
    }
}
