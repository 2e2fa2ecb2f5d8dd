package fencecheck.explore;

import fencecheck.protocol.Variants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line: bad settings in one line with exit code 2, a finding with exit code 1 and its saved trace. */
class ExhaustiveCliTest {

    private record Ran(int code, String out, String err) {
    }

    private static Ran run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ExhaustiveCli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badSettingsAreOneLineAndExitCodeTwo() {
        for (String[] args : List.of(new String[]{"reference", "--depth", "0"}, new String[]{"reference", "--actions", "acquire,steal"},
                new String[]{"reference", "--depth", "12", "--budget", "60"}, new String[]{"reference", "--depth", "three"},
                new String[]{"reference", "--colour", "red"})) {
            Ran ran = run(args);
            assertThat(ran.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(ran.err()).startsWith("fencecheck: ").hasLineCount(1);
            assertThat(ran.out()).isEmpty();
        }
    }

    @Test
    void aFindingExitsWithOneAndSavesItsTrace(@TempDir Path traces) {
        Ran ran = run(Variants.SINK_TRUSTS_TOKEN, "--depth", "3", "--traces", traces.toString());
        assertThat(ran.code()).as(ran.err()).isEqualTo(1);
        assertThat(ran.out()).contains("exhaustive: depth 2 complete (2 workers, 1 key, ").contains("saved: " + traces);
        try (var files = Files.list(traces)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).contains("exhaustive-sink-trusts-token-1.json");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
