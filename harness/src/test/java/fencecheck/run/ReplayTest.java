package fencecheck.run;

import fencecheck.api.SinkKind;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
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

/** A saved failing trace, replayed from the command line, fails the same way with the same outcomes. */
class ReplayTest {

    static final Trace STALE_FENCED_WRITE = Trace.of("sink-ignores-token", List.of(
            Step.worker(1, new Action.Acquire("K1")),
            Step.clock(new Action.AdvanceToExpiry("K1", 1)),
            Step.worker(2, new Action.Acquire("K1")),
            Step.worker(1, new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "<b>A&B</b> it's \"x\""))));

    @Test
    void replayingASavedTraceReproducesEveryOutcome(@TempDir Path dir) {
        TryResult first;
        try (TraceRunner runner = new TraceRunner(Databases.shared(), Implementations.select("sink-ignores-token"))) {
            first = runner.run(STALE_FENCED_WRITE);
        }
        assertThat(first.divergent()).as(first.verdict()).isNotNull();
        Path file = dir.resolve("trace.json");
        TraceFiles.write(STALE_FENCED_WRITE, file);
        assertThat(TraceFiles.read(file)).isEqualTo(STALE_FENCED_WRITE);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(List.of("replay", file.toString()), new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(printed).isEqualTo(1);
        assertThat(printed).contains(first.verdict()).contains(TraceTable.render(first));
    }

    @Test
    void theSameTraceAgainstTheReferencePasses(@TempDir Path dir) {
        Path file = dir.resolve("trace.json");
        TraceFiles.write(STALE_FENCED_WRITE, file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(List.of("replay", file.toString(), "--implementation", "reference"),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
        assertThat(code).as(out.toString(StandardCharsets.UTF_8)).isZero();
    }

    @Test
    void badInputGetsOneLineAndExitCode2(@TempDir Path dir) throws Exception {
        Path malformed = Files.writeString(dir.resolve("bad.json"), "{ not json");
        Path otherVersion = Files.writeString(dir.resolve("v9.json"), "{\"schemaVersion\": 9, \"steps\": []}");
        Path good = dir.resolve("good.json");
        TraceFiles.write(STALE_FENCED_WRITE, good);

        assertThat(errorOf(List.of("replay", dir.resolve("missing.json").toString()))).contains("no trace file at");
        assertThat(errorOf(List.of("replay", malformed.toString()))).contains("is not valid JSON");
        assertThat(errorOf(List.of("replay", otherVersion.toString()))).contains("schema version 9");
        assertThat(errorOf(List.of("replay", good.toString(), "--implementation", "no-such-thing")))
                .contains("no-such-thing").contains("reference");
        assertThat(errorOf(List.of("check"))).contains("usage");
    }

    private static String errorOf(List<String> args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text).isEqualTo(2);
        assertThat(text.strip().lines()).as("one line: %s", text).hasSize(1);
        return text;
    }
}
