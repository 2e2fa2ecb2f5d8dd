package fencecheck.db;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded server's output goes to its own file under the build folder, not through a logger to the console. */
class ServerLogTest {

    @Test
    void theServerWritesWhatItPrintsIntoItsFileUnderTheBuildFolder() throws IOException, SQLException {
        Path target = Path.of(System.getProperty(ServerLog.TARGET_PROPERTY, "target")).toAbsolutePath().normalize();
        assertThat(ServerLog.file()).isEqualTo(target.resolve("fencecheck").resolve("postgres.log"));

        EmbeddedDatabase db = EmbeddedDatabase.shared();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            // a LOG message goes to the server's log whatever the session's client_min_messages
            s.execute("do $$ begin raise log 'fencecheck server log probe'; end $$");
        }
        assertThat(ServerLog.file()).exists();
        String log = Files.readString(ServerLog.file());
        assertThat(log).as("the postmaster's own lines").contains("database system is ready to accept connections");
        assertThat(log).as("a session's log line").contains("fencecheck server log probe");
    }

    @Test
    void embeddedPostgresAndTestcontainersAreQuietUnlessTheUserNamedThem() {
        LibraryLogs.quiet();
        assertThat(LibraryLogs.levels())
                .containsEntry(LibraryLogs.PREFIX + "io.zonky.test.db.postgres", "off")
                .containsEntry(LibraryLogs.PREFIX + "org.testcontainers", "warn");
        LibraryLogs.levels().forEach((key, level) ->
                assertThat(System.getProperty(key)).as("%s, named by no -D and no simplelogger.properties here", key).isEqualTo(level));
    }
}
