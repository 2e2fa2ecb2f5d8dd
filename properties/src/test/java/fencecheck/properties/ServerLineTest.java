package fencecheck.properties;

import fencecheck.db.Databases;
import fencecheck.db.EmbeddedBinaries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The run's first line names the server, once per run though several test JVMs share the run. */
class ServerLineTest {

    @Test
    void theEmbeddedServerIsNamedByVersionAndPlatform() {
        assertThat(ServerLine.describe(Databases.open("embedded", null)))
                .matches("PostgreSQL 1[4-9]\\.\\d+ \\(embedded, " + EmbeddedBinaries.thisMachine().platform() + "\\)");
    }

    @Test
    void theFirstJvmOfARunPrintsTheLineAndAnotherOnlyALineThatDiffers(@TempDir Path folder) throws IOException {
        Path mark = folder.resolve("forks").resolve("server-line");
        String line = "fencecheck: PostgreSQL 18.1 (embedded, linux-amd64)";
        assertThat(ServerLine.firstInRun(line, mark)).isTrue();
        assertThat(ServerLine.firstInRun(line, mark)).isFalse();
        assertThat(ServerLine.firstInRun("fencecheck: PostgreSQL 17.7 (url, x86_64-pc-linux-gnu)", mark)).isTrue();
        // being written by the JVM that prints it
        Files.writeString(mark, "");
        assertThat(ServerLine.firstInRun(line, mark)).isFalse();
    }
}
