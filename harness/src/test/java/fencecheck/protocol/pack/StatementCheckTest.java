package fencecheck.protocol.pack;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.PackPreflight;
import fencecheck.protocol.SqlLeaseProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Before the first try PostgreSQL reads every statement of a pack; what it refuses is one line naming the file,
 * the line and the column, counted in the file as written (named parameters and all), on the embedded server.
 */
class StatementCheckTest {

    @TempDir
    Path dir;

    private final Database database = Databases.shared();

    @Test
    void aTypoInAcquireIsNamedWithItsFileLineAndColumn() {
        SqlPack pack = load(PackFolder.at(dir.resolve("typo")).copyOfReference("preflight-typo")
                .with("acquire.sql", SqlPacks.builtIn("reference").file(Operation.ACQUIRE).text()
                        .replace("    select :job_key::text", "    selec :job_key::text")));
        String acquire = pack.file(Operation.ACQUIRE).text();
        int line = lineOf(acquire, "selec :job_key");

        assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(pack)))
                .isInstanceOf(PackException.class)
                .hasMessageStartingWith(dir.resolve("typo") + "/acquire.sql line " + line + ", column 5: syntax error at or near \"selec\"")
                .hasMessageContaining("fix the statement")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aPositionAfterNamedParametersIsCountedInTheFileAsWritten() {
        // :job_key is 8 characters in the file and $1 two in what the server reads: the column must be the file's
        SqlPack pack = load(PackFolder.at(dir.resolve("column")).copyOfReference("preflight-column")
                .with("renew.sql", "-- renew\n"
                        + "select 1 from job_leases where job_key = :job_key;\n"
                        + "update job_leases set lease_until = lease_until where job_key = :job_key and ownr = :owner\n"
                        + "   and fencing_token = :token and :ttl_micros > 0 returning lease_until"));

        assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(pack)))
                .isInstanceOf(PackException.class)
                .hasMessageStartingWith(dir.resolve("column") + "/renew.sql line 3, column 78: column \"ownr\" does not exist");
    }

    @Test
    void aSchemaErrorIsNamedWithItsLineAndNothingOfTheSchemaStays() throws SQLException {
        String schema = "create table if not exists preflight_left_behind (a int);\n\n"
                + "create tabel preflight_never (a int);\n";
        SqlPack pack = load(PackFolder.at(dir.resolve("schema")).copyOfReference("preflight-schema")
                .with("schema.sql", SqlPacks.builtIn("reference").file(Operation.SCHEMA).text() + "\n" + schema));
        int line = lineOf(pack.file(Operation.SCHEMA).text(), "create tabel");

        assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(pack)))
                .isInstanceOf(PackException.class)
                .hasMessageStartingWith(dir.resolve("schema") + "/schema.sql line " + line + ", column 8: syntax error at or near \"tabel\"");
        try (Connection c = database.connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_catalog.to_regclass('public.preflight_left_behind') is null")) {
            rs.next();
            assertThat(rs.getBoolean(1)).as("the checked schema was rolled back").isTrue();
        }
    }

    @Test
    void anErrorInAJobFileIsNamedToo() {
        SqlPack pack = load(PackFolder.at(dir.resolve("job")).copyOfReference("preflight-job")
                .with("job/consume.sql", "insert into consumer_effects_missing (job_key) values (:job_key) returning 1"));

        assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(pack)))
                .isInstanceOf(PackException.class)
                .hasMessageStartingWith(dir.resolve("job") + "/job/consume.sql line 1, column 13: relation \"consumer_effects_missing\""
                        + " does not exist");
    }

    @Test
    void aTableTheSchemaLeftInAnotherSchemaIsNamedWithWhereItIs() throws SQLException {
        // the reference with its lease table renamed, and created in a schema of its own, where a worker's session does not look
        PackFolder folder = PackFolder.at(dir.resolve("elsewhere")).leaseOnlyCopyOfReference("preflight-elsewhere");
        SqlPack reference = SqlPacks.builtIn("reference");
        for (Operation operation : Operation.values()) {
            if (reference.find(operation).isPresent() && !operation.file().startsWith("job/")) {
                folder.with(operation.file(), reference.file(operation).text().replace("job_leases", "placement_leases"));
            }
        }
        folder.with("schema.sql", reference.file(Operation.SCHEMA).text()
                .replace("create table if not exists job_leases (", "create schema if not exists placement_elsewhere;\n"
                        + "create table if not exists placement_elsewhere.placement_leases (")
                .replace("alter table job_leases", "alter table placement_elsewhere.placement_leases"));
        try {
            assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(load(folder))))
                    .isInstanceOf(PackException.class)
                    .hasMessageNotContaining("\n")
                    .hasMessageContaining("relation \"placement_leases\" does not exist; the schema left table placement_leases"
                            + " in schema placement_elsewhere, where a worker's session does not look (its search path is public,"
                            + " fencecheck_clock, pg_catalog in lock step, public in real time): create it in public, without a"
                            + " schema name or a search_path of its own; no try was run");
        } finally {
            try (Connection c = database.connect(); Statement s = c.createStatement()) {
                s.execute("drop schema if exists placement_elsewhere cascade");
            }
        }
    }

    @Test
    void utilityStatementsJsonbOperatorsAndCommentsAreNotMistakenForErrors() throws SQLException {
        String acquire = SqlPacks.builtIn("reference").file(Operation.ACQUIRE).text();
        SqlPack pack = load(PackFolder.at(dir.resolve("fine")).copyOfReference("preflight-fine")
                .with("acquire.sql", "set local lock_timeout = '1s';\n"
                        + "select '{\"a\": 1}'::jsonb ? 'a' /* a ? in a comment */, ':not_a_name';\n" + acquire));

        PackPreflight.install(database, new SqlLeaseProtocol(pack));
    }

    @Test
    void afterAUtilityStatementOnlySyntaxErrorsCount() throws SQLException {
        // the temporary table is made by the first statement when the file runs; PREPARE alone cannot know it
        SqlPack pack = load(PackFolder.at(dir.resolve("temp")).copyOfReference("preflight-temp")
                .with("release.sql", "create temporary table if not exists preflight_scratch (k text);\n"
                        + "insert into preflight_scratch values (:job_key);\n"
                        + "update job_leases set lease_until = lease_until where job_key = :job_key and owner_id = :owner"
                        + " and fencing_token = :token returning 1"));
        PackPreflight.install(database, new SqlLeaseProtocol(pack));

        SqlPack typo = load(PackFolder.at(dir.resolve("temp-typo")).copyOfReference("preflight-temp-typo")
                .with("release.sql", "create temporary table if not exists preflight_scratch (k text);\n"
                        + "insert preflight_scratch values (:job_key);\n"
                        + "select 1 where :owner is not null and :token > 0"));
        assertThatThrownBy(() -> PackPreflight.install(database, new SqlLeaseProtocol(typo)))
                .hasMessageStartingWith(dir.resolve("temp-typo") + "/release.sql line 2, column 8: syntax error at or near \"preflight_scratch\"");
    }

    @Test
    void everyBuiltInPackPassesTheCheck() throws SQLException {
        List<LeaseProtocol> all = new ArrayList<>(List.of(Implementations.select("reference"), Implementations.select("reference-exclusive")));
        all.addAll(Implementations.correctAlternatives());
        all.addAll(Implementations.variants());
        all.addAll(Implementations.faultVariants());
        all.addAll(Implementations.jobVariants());
        all.addAll(Implementations.realTimeVariants());
        all.addAll(Implementations.replicaVariants());
        int packs = 0;
        for (LeaseProtocol protocol : all) {
            PackPreflight.install(database, protocol);
            packs += protocol instanceof SqlLeaseProtocol ? 1 : 0;
        }
        assertThat(packs).as("SQL packs checked").isGreaterThan(20);
    }

    @Test
    void everyParameterHasTheTypeTheAdapterSendsItWith() {
        for (Operation operation : Operation.values()) {
            operation.parameters().forEach(p -> assertThat(StatementCheck.PARAMETER_TYPES).as(operation.file()).containsKey(p));
        }
        assertThat(StatementCheck.PARAMETER_TYPES).containsKey(Operation.FENCE);
    }

    @Test
    void theFirstWordSkipsCommentsAndBlanks() {
        assertThat(StatementCheck.firstWord("-- a comment\n  /* another */ set local x = 1")).isEqualTo("SET");
        assertThat(StatementCheck.firstWord("\n(select 1)")).isEqualTo("(");
        assertThat(StatementCheck.firstWord("selec 1")).isEqualTo("SELEC");
    }

    private static SqlPack load(PackFolder folder) {
        return SqlPacks.load(folder.path());
    }

    private static int lineOf(String text, String fragment) {
        int at = text.indexOf(fragment);
        assertThat(at).as(fragment).isNotNegative();
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }
}
