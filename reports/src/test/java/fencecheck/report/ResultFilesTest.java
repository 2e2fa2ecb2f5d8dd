package fencecheck.report;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import fencecheck.api.Outcome;
import fencecheck.model.Command;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResultFilesTest {

    @TempDir
    Path folder;

    @Test
    void aResultSurvivesTheRoundTrip() {
        RunResult failing = SampleResults.failing();
        RunResult passing = SampleResults.passing();
        Path first = ResultFiles.write(failing, folder);
        Path second = ResultFiles.write(passing, folder);
        assertThat(first).isNotEqualTo(second);
        assertThat(ResultFiles.read(first)).isEqualTo(failing);
        assertThat(ResultFiles.readAll(List.of(folder))).containsExactlyInAnyOrder(failing, passing);
    }

    @Test
    void theJsonNamesItsSchemaVersionAndTheModelTypes() {
        String json = ResultFiles.toJson(SampleResults.failing());
        assertThat(json).contains("\"schemaVersion\" : " + RunResult.SCHEMA_VERSION)
                .contains("\"type\" : \"granted\"")
                .contains("\"type\" : \"stale\"")
                .contains("\"type\" : \"acquire\"")
                .contains("\"do\" : \"advance-to-expiry\"");
    }

    @Test
    void twoRunsOfOnePropertyAndSeedGetTwoFiles() throws IOException {
        ResultFiles.write(SampleResults.passing(), folder);
        ResultFiles.write(SampleResults.passing(), folder);
        try (var files = Files.list(folder)) {
            assertThat(files).hasSize(2);
        }
    }

    @Test
    void everyCommandAndOutcomeHasAJsonName() {
        List<Class<?>> types = new ArrayList<>();
        collectRecords(Command.class, types);
        collectRecords(Outcome.class, types);
        for (Class<?> type : types) {
            assertThat(nameIn(ModelJson.CommandMixIn.class, type) != null || nameIn(ModelJson.OutcomeMixIn.class, type) != null)
                    .as("%s needs a name in ModelJson's mix-ins, or result files with it cannot be read", type.getName())
                    .isTrue();
        }
    }

    @Test
    void badInputIsExplainedInOneLine() throws IOException {
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder.resolve("missing"))))
                .isInstanceOf(ResultFiles.BadResultFile.class).hasMessageContaining("no such folder");
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder)))
                .isInstanceOf(ResultFiles.BadResultFile.class).hasMessageContaining("holds no result files");

        Files.writeString(folder.resolve("broken.json"), "{ \"schemaVersion\": 1, ");
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder)))
                .isInstanceOf(ResultFiles.BadResultFile.class).hasMessageContaining("is not valid JSON (line");

        Files.writeString(folder.resolve("broken.json"), ResultFiles.toJson(SampleResults.passing()).replace("\"schemaVersion\" : " + RunResult.SCHEMA_VERSION, "\"schemaVersion\" : 99"));
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder)))
                .isInstanceOf(ResultFiles.BadResultFile.class)
                .hasMessageContaining("has result schema version 99 but this fencecheck reads version " + RunResult.SCHEMA_VERSION);

        Files.writeString(folder.resolve("broken.json"), "[1, 2]");
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder)))
                .isInstanceOf(ResultFiles.BadResultFile.class).hasMessageContaining("is not a fencecheck result file");

        Files.writeString(folder.resolve("broken.json"), "{\"schemaVersion\": " + RunResult.SCHEMA_VERSION + ", \"property\": \"p\", \"status\": \"MAYBE\"}");
        assertThatThrownBy(() -> ResultFiles.readAll(List.of(folder)))
                .isInstanceOf(ResultFiles.BadResultFile.class)
                .hasMessageContaining("is not a valid result file")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static void collectRecords(Class<?> type, List<Class<?>> into) {
        if (type.isRecord()) {
            into.add(type);
        }
        Class<?>[] permitted = type.getPermittedSubclasses();
        if (permitted != null) {
            for (Class<?> sub : permitted) {
                collectRecords(sub, into);
            }
        }
    }

    private static String nameIn(Class<?> mixIn, Class<?> type) {
        var subTypes = mixIn.getAnnotation(JsonSubTypes.class);
        for (var t : subTypes.value()) {
            if (t.value().equals(type)) {
                return t.name();
            }
        }
        return null;
    }
}
