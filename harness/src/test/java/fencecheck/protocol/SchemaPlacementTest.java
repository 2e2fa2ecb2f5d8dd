package fencecheck.protocol;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Where an implementation's tables land, as a worker's session sees them: a table created unqualified on a
 * lock-step session (a library's, on its first use) lands in {@code public}, where the schema's own went; a table
 * put in the clock's schema is refused before the first try in one line.
 */
class SchemaPlacementTest {

    private final Database database = Databases.shared();

    @Test
    void aTableCreatedUnqualifiedOnALockStepSessionLandsInPublic() throws SQLException {
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("create table if not exists placement_first_use (a int)");
            try (ResultSet rs = s.executeQuery("select pg_catalog.to_regclass('public.placement_first_use') is not null,"
                    + " pg_catalog.to_regclass('fencecheck_clock.placement_first_use') is null, now() = fencecheck_clock.now()")) {
                rs.next();
                assertThat(rs.getBoolean(1)).as("created in public").isTrue();
                assertThat(rs.getBoolean(2)).as("not in the clock's schema").isTrue();
                assertThat(rs.getBoolean(3)).as("now() still the virtual clock's").isTrue();
            }
            s.execute("drop table placement_first_use");
        }
    }

    @Test
    void aTableLeftInTheClocksSchemaIsRefusedBeforeTheFirstTry() throws SQLException {
        LeaseProtocol inClock = new InTheClockSchema();
        try {
            assertThatThrownBy(() -> PackPreflight.install(database, inClock))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("placement-in-clock left table fencecheck_clock.placement_in_clock in fencecheck's clock schema, where a"
                            + " real-time session does not look and no table of an implementation belongs: create it in public"
                            + " (without a schema name, and without a search_path of its own)");
        } finally {
            try (Connection c = database.connect(); Statement s = c.createStatement()) {
                s.execute("drop table if exists fencecheck_clock.placement_in_clock");
            }
        }
    }

    /** The reference, whose schema also puts a table of its own in the clock's schema. */
    private static final class InTheClockSchema implements LeaseProtocol {
        private final LeaseProtocol reference = SqlLeaseProtocol.reference();

        @Override
        public String name() {
            return "placement-in-clock";
        }

        @Override
        public String description() {
            return "";
        }

        @Override
        public ModelConfig modelConfig() {
            return reference.modelConfig();
        }

        @Override
        public UUID newOwner(String worker) {
            return reference.newOwner(worker);
        }

        @Override
        public void installSchema(Connection connection) throws SQLException {
            reference.installSchema(connection);
            try (Statement s = connection.createStatement()) {
                s.execute("create table if not exists fencecheck_clock.placement_in_clock (a int)");
            }
        }

        @Override
        public void deleteAllRows(Connection connection) throws SQLException {
            reference.deleteAllRows(connection);
        }

        @Override
        public LeaseClient client(Connection connection) throws SQLException {
            return reference.client(connection);
        }
    }
}
