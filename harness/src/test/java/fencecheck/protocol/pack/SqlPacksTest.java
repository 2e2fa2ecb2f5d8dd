package fencecheck.protocol.pack;

import fencecheck.api.Boundary;
import fencecheck.api.Conformance;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Loading packs: what a pack takes from its base, what it claims, and one line for each way it can be wrong. */
class SqlPacksTest {

    @TempDir
    Path dir;

    @Test
    void theReferenceIsACompletePackClaimingTheReferenceSemantics() {
        SqlPack reference = SqlPacks.builtIn("reference");
        assertThat(reference.name()).isEqualTo("reference");
        assertThat(reference.description()).isEmpty();
        assertThat(reference.modelConfig()).isEqualTo(ModelConfig.reference());
        assertThat(reference.hasJobTransaction()).isTrue();
        for (Operation operation : Operation.values()) {
            // of the optional files the reference has only the reads after a write that met a row it could not see
            boolean has = !(operation.part() == Operation.Part.LEASE_HOOK || operation.part() == Operation.Part.JOB_HOOK)
                    || operation == Operation.STORED_LATEST || operation == Operation.STORED_FENCED;
            assertThat(reference.find(operation)).as(operation.file()).matches(f -> f.isPresent() == has);
        }
        assertThat(reference.file(Operation.ACQUIRE).source()).isEqualTo("reference/acquire.sql");
        assertThat(reference.file(Operation.ACQUIRE).statements().getFirst().names()).containsExactly("job_key", "owner", "ttl_micros");
    }

    @Test
    void aVariantHoldsOnlyTheFilesItChangesAndTakesTheRestFromItsBase() {
        SqlPack variant = SqlPacks.builtIn("renew-ignores-token");
        assertThat(variant.file(Operation.RENEW).source()).isEqualTo("variants/renew-ignores-token/renew.sql");
        assertThat(variant.file(Operation.ACQUIRE).source()).isEqualTo("reference/acquire.sql");
        assertThat(variant.description()).startsWith("renew matches the owner but not the token");
        assertThat(SqlPacks.builtIn("reference-exclusive").modelConfig()).isEqualTo(ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE));
    }

    @Test
    void aFolderOnDiskLoadsByAbsoluteOrRelativePath() {
        PackFolder.at(dir.resolve("mine")).with("fencecheck.properties", "name=mine\nextends=reference\ndescription=my renew\n")
                .with("renew.sql", "update job_leases set lease_until = lease_until where job_key = :job_key returning lease_until");
        SqlPack absolute = SqlPacks.load(dir.resolve("mine").toString());
        assertThat(absolute.name()).isEqualTo("mine");
        assertThat(absolute.description()).isEqualTo("my renew");
        assertThat(absolute.file(Operation.RENEW).source()).isEqualTo(dir.resolve("mine") + "/renew.sql");
        assertThat(absolute.file(Operation.RELEASE).source()).isEqualTo("reference/release.sql");

        String before = System.getProperty(SqlPacks.INVOCATION_DIRECTORY);
        try {
            System.setProperty(SqlPacks.INVOCATION_DIRECTORY, dir.toString());
            assertThat(SqlPacks.load("mine").file(Operation.RENEW).source()).isEqualTo("mine/renew.sql");
            assertThat(SqlPacks.load("./mine/").name()).isEqualTo("mine");
        } finally {
            restore(before);
        }
    }

    @Test
    void aPackOnTheClassPathLoadsAndMayExtendAFolderBesideIt() {
        SqlPack buggy = SqlPacks.load("classpath:/packs/fence-admits-older-token");
        assertThat(buggy.file(Operation.WRITE_FENCED).source()).isEqualTo("classpath:/packs/fence-admits-older-token/write_fenced.sql");
        assertThat(buggy.file(Operation.ACQUIRE).source()).isEqualTo("classpath:/packs/leases-and-fences/acquire.sql");
        assertThat(buggy.modelConfig()).as("the semantics come from the base").isEqualTo(ModelConfig.reference()
                .withBoundary(Boundary.EXCLUSIVE).withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED));
        assertThat(buggy.hasJobTransaction()).isFalse();
    }

    @Test
    void everySemanticsKeySetsItsFieldAndAPackOverridesItsBase() {
        PackFolder.at(dir.resolve("base")).copyOfReference("base").with("fencecheck.properties", """
                name=base
                boundary=EXCLUSIVE
                idempotentRegrant=false
                resolution=milliseconds
                release=expire_at_now
                """);
        PackFolder.at(dir.resolve("top")).with("fencecheck.properties", """
                name=top
                extends=../base
                binding=owner-only
                tokens=increasing
                rows=validity-and-answers
                idempotentRegrant=true
                """);
        assertThat(SqlPacks.load(dir.resolve("top").toString()).modelConfig()).isEqualTo(new ModelConfig(Boundary.EXCLUSIVE, true,
                TimeResolution.MILLISECONDS, ReleaseEncoding.EXPIRE_AT_NOW, OperationBinding.OWNER_ONLY, TokenSequence.INCREASING,
                RowComparison.VALIDITY_AND_ANSWERS));
    }

    @Test
    void aPackWithoutTheJobFilesIsLeaseOnly() {
        PackFolder pack = PackFolder.at(dir.resolve("leases")).leaseOnlyCopyOfReference("leases");
        LeaseProtocol protocol = Implementations.select("sql:" + pack.path());
        assertThat(protocol.hasJobTransaction()).isFalse();
        assertThat(protocol.name()).as("named as selected, so a saved trace selects it again").isEqualTo("sql:" + pack.path());
        assertThatThrownBy(() -> protocol.jobClient(null)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Implementations.select("reference").hasJobTransaction()).isTrue();
    }

    @Test
    void aMissingDirectoryOrManifestIsOneLineThatSaysWhatToDo() {
        assertThatThrownBy(() -> Implementations.select("sql:" + dir.resolve("nowhere")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("\n")
                .hasMessageStartingWith("fencecheck.implementation=sql:" + dir.resolve("nowhere") + ": " + dir.resolve("nowhere")
                        + ": no such directory")
                .hasMessageContaining("give the folder that holds fencecheck.properties and the .sql files");
        PackFolder.at(dir.resolve("bare")).with("acquire.sql", "select 1");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("bare").toString()))
                .hasMessageContaining("no fencecheck.properties in").hasMessageContaining("add one with name=NAME");
        assertThatThrownBy(() -> SqlPacks.load("classpath:/packs/none"))
                .hasMessageStartingWith("classpath:/packs/none: no pack on the class path there");
        assertThatThrownBy(() -> Implementations.select("sql:")).hasMessageContaining("a SQL pack needs its folder");
        PackFolder.at(dir.resolve("nameless")).copyOfReference("x").with("fencecheck.properties", "boundary=inclusive\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("nameless").toString()))
                .hasMessageEndingWith("nameless/fencecheck.properties has no name; add a line name=NAME (the pack's name, e.g. name=my-leases)");
    }

    @Test
    void aMissingRequiredFileIsOneLineNamingItsParametersAndAnswer() {
        PackFolder.at(dir.resolve("p")).copyOfReference("p").with("renew.sql", "");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("p").toString()))
                .hasMessageEndingWith("p/renew.sql holds no statement; write it: renew(:job_key, :owner, :token, :ttl_micros)"
                        + " returns one row (until) when renewed, no row when refused");
        PackFolder.at(dir.resolve("q")).with("fencecheck.properties", "name=q\n").with("acquire.sql", "select 1, now()");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("q").toString()))
                .isInstanceOf(PackException.class).hasMessageNotContaining("\n")
                .hasMessageEndingWith("q has no schema.sql; add it: it creates the tables (if they do not exist); runs once per database");
    }

    @Test
    void anUnknownParameterIsOneLineWithTheFileAndLine() {
        PackFolder.at(dir.resolve("p")).with("fencecheck.properties", "name=p\nextends=reference\n")
                .with("renew.sql", "update job_leases\n   set lease_until = now()\n where job_key = :key\nreturning lease_until");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("p").toString()))
                .hasMessageEndingWith("p/renew.sql line 3: :key is not a parameter of this operation;"
                        + " use :job_key, :owner, :token, :ttl_micros");
        PackFolder.at(dir.resolve("f")).with("fencecheck.properties", "name=f\nextends=reference\n")
                .with("write_fenced.sql", "select case when :fence is null then 'Forged' else 'Applied' end");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("f").toString()))
                .as(":fence is only given with read_fence.sql").hasMessageContaining(":fence is not a parameter");
        PackFolder.at(dir.resolve("f")).with("read_fence.sql", "select 1");
        assertThat(SqlPacks.load(dir.resolve("f").toString()).file(Operation.WRITE_FENCED).statements().getFirst().names())
                .containsExactly("fence");
    }

    @Test
    void aPackThatClaimsNoLevelIsStrictOverABuiltInPackAndSafetyOtherwise() {
        assertThat(SqlPacks.builtIn("reference").conformance()).isEqualTo(Conformance.STRICT);
        PackFolder.at(dir.resolve("over")).with("fencecheck.properties", "name=over\nextends=reference\n");
        assertThat(SqlPacks.load(dir.resolve("over").toString()).conformance()).as("it extends a built-in pack")
                .isEqualTo(Conformance.STRICT);
        PackFolder.at(dir.resolve("own")).copyOfReference("own");
        assertThat(SqlPacks.load(dir.resolve("own").toString()).conformance()).as("a pack of its own")
                .isEqualTo(Conformance.SAFETY);
        PackFolder.at(dir.resolve("claims")).with("fencecheck.properties", "name=claims\nextends=reference\nconformance=Safety\n");
        SqlPack claims = SqlPacks.load(dir.resolve("claims").toString());
        assertThat(claims.conformance()).isEqualTo(Conformance.SAFETY);
        assertThat(claims.modelConfig().conformance()).isEqualTo(Conformance.SAFETY);
        PackFolder.at(dir.resolve("claims")).with("fencecheck.properties", "name=claims\nextends=reference\nconformance=loose\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("claims").toString()))
                .hasMessageEndingWith("claims/fencecheck.properties: conformance=loose is not a level; write strict or safety");
    }

    @Test
    void anUnknownKeyOrValueIsOneLineListingTheValidOnes() {
        PackFolder.at(dir.resolve("p")).with("fencecheck.properties", "name=p\nextends=reference\nboundry=exclusive\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("p").toString()))
                .hasMessageEndingWith("p/fencecheck.properties: unknown key boundry; the keys are name, description, extends,"
                        + " boundary, idempotentRegrant, resolution, release, binding, tokens, rows, conformance, sinks, fence,"
                        + " lock.table, lock.name, lock.owner, lock.until, lock.newLease, lock.newLeaseWhen, lock.nameOfKey,"
                        + " lock.untilIsLastRenewal");
        PackFolder.at(dir.resolve("p")).with("fencecheck.properties", "name=p\nextends=reference\nrelease=delete\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("p").toString()))
                .hasMessageEndingWith("p/fencecheck.properties: release=delete is not a value of release;"
                        + " use one of expire-before-now, expire-at-now, keep-token-mark-released");
        PackFolder.at(dir.resolve("p")).with("fencecheck.properties", "name=p\nextends=reference\nidempotentRegrant=yes\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("p").toString()))
                .hasMessageEndingWith("idempotentRegrant=yes is not a value of idempotentRegrant; use true or false");
    }

    @Test
    void halfTheJobFilesAMisspeltFileAndACycleAreOneLineEach() {
        PackFolder.at(dir.resolve("half")).leaseOnlyCopyOfReference("half").with("job/claim.sql", "select 1");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("half").toString()))
                .hasMessageContaining("half has job/claim.sql but not job/business_row.sql, job/outbox_row.sql,")
                .hasMessageEndingWith("; a pack has every job file (the job transaction, outbox relay and consumer) or none (lease only)");
        PackFolder.at(dir.resolve("typo")).with("fencecheck.properties", "name=typo\nextends=reference\n").with("aquire.sql", "select 1");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("typo").toString()))
                .hasMessageContaining("typo/aquire.sql is not a file of a SQL pack; rename it to one of schema.sql, delete_all.sql, acquire.sql,");
        PackFolder.at(dir.resolve("a")).with("fencecheck.properties", "name=a\nextends=../b\n");
        PackFolder.at(dir.resolve("b")).with("fencecheck.properties", "name=b\nextends=../a\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("a").toString())).hasMessageContaining("break the cycle");
        PackFolder.at(dir.resolve("c")).with("fencecheck.properties", "name=c\nextends=refrence\n");
        assertThatThrownBy(() -> SqlPacks.load(dir.resolve("c").toString()))
                .hasMessageContaining("c/fencecheck.properties extends " + dir.resolve("c") + "/refrence, which is not a pack")
                .hasMessageContaining("name a built-in pack (e.g. reference)");
    }

    private static void restore(String before) {
        if (before == null) {
            System.clearProperty(SqlPacks.INVOCATION_DIRECTORY);
        } else {
            System.setProperty(SqlPacks.INVOCATION_DIRECTORY, before);
        }
    }
}
