package fencecheck.report;

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

class ReportCliTest {

    @TempDir
    Path folder;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return ReportCli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void mergesFoldersOfSeveralRunnersIntoOneReport() throws IOException {
        Path runner1 = folder.resolve("runner-1");
        Path runner2 = folder.resolve("runner-2");
        ResultFiles.write(SampleResults.passing(), runner1);
        ResultFiles.write(SampleResults.failing(), runner2);
        Path report = folder.resolve("report");

        assertThat(run("render", "--out", report.toString(), runner1.toString(), runner2.toString())).isZero();

        Path index = report.resolve("index.html").toAbsolutePath();
        assertThat(out.toString(StandardCharsets.UTF_8).strip()).isEqualTo(index.toString());
        assertThat(Files.readString(index)).contains("2 runs · passed: 1 property, 300 tries, coverage met; 1 known bug caught, none missed");
        assertThat(err()).isEmpty();
    }

    @Test
    void aMissingFolderIsOneLineAndExitTwo() {
        assertThat(run("render", "--out", folder.resolve("r").toString(), folder.resolve("nowhere").toString())).isEqualTo(2);
        assertThat(err()).startsWith("fencecheck report: no such folder: ").hasLineCount(1);
    }

    @Test
    void malformedJsonIsOneLineAndExitTwo() throws IOException {
        Files.writeString(folder.resolve("x.json"), "not json at all");
        assertThat(run("render", "--out", folder.resolve("r").toString(), folder.toString())).isEqualTo(2);
        assertThat(err()).contains("x.json is not valid JSON (line 1)").hasLineCount(1);
    }

    @Test
    void anIncompatibleSchemaIsOneLineAndExitTwo() throws IOException {
        Files.writeString(folder.resolve("old.json"), "{\"schemaVersion\": 0, \"property\": \"p\"}");
        assertThat(run("render", "--out", folder.resolve("r").toString(), folder.toString())).isEqualTo(2);
        assertThat(err()).contains("has result schema version 0 but this fencecheck reads version " + RunResult.SCHEMA_VERSION).hasLineCount(1);
    }

    @Test
    void usageErrorsAreOneLineAndExitTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(run("render")).isEqualTo(2);
        assertThat(run("render", "--out")).isEqualTo(2);
        assertThat(run("draw", "x")).isEqualTo(2);
        assertThat(err().lines()).hasSize(4).allSatisfy(line -> assertThat(line).startsWith("fencecheck report: "));
    }
}
