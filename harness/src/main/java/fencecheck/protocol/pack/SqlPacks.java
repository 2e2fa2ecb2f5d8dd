package fencecheck.protocol.pack;

import fencecheck.api.ModelConfig;
import fencecheck.kit.KitSettings;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads SQL packs: a directory of {@code .sql} files with named parameters
 * and a {@code fencecheck.properties} (see {@link Operation} for the files).
 * The built-in reference, its alternatives and the known-buggy SQL variants
 * are packs on the class path loaded the same way as a user's
 * {@code -Dfencecheck.implementation=sql:DIR}.
 */
public final class SqlPacks {

    /** What {@code -Dfencecheck.implementation} starts with to name a pack. */
    public static final String PREFIX = "sql:";

    /** What a pack location starts with when the pack is on the class path (in a jar). */
    public static final String CLASSPATH = "classpath:";

    /**
     * The directory a relative {@code sql:DIR} starts from: the build sets it to
     * the directory Maven runs in, since a test JVM runs in its module's
     * directory; without it, the working directory.
     */
    public static final String INVOCATION_DIRECTORY = "fencecheck.invocationDirectory";

    /** Built-in packs read once: they cannot change while the JVM runs. */
    private static final Map<String, SqlPack> BUILT_IN = new ConcurrentHashMap<>();

    private SqlPacks() {
    }

    /**
     * The pack at {@code location}: a directory (absolute, or relative to
     * {@value #INVOCATION_DIRECTORY}, else the working directory), or
     * {@code classpath:/PATH}.
     *
     * @throws PackException in one line that says what to do
     */
    public static SqlPack load(String location) {
        String spec = location.strip();
        if (spec.isEmpty()) {
            throw new PackException("a SQL pack needs its folder: sql:DIR (a directory) or sql:classpath:/PATH (in a jar)");
        }
        if (spec.startsWith(CLASSPATH)) {
            ClasspathLocation onClassPath = new ClasspathLocation(spec.substring(CLASSPATH.length()));
            if (onClassPath.read(PackManifest.FILE).isEmpty()) {
                throw new PackException(spec + ": no pack on the class path there (no " + onClassPath.root() + "/"
                        + PackManifest.FILE + "); check the path, and that the jar holding it is on the test class path");
            }
            return PackLoader.load(onClassPath);
        }
        Path start = startDirectory();
        Path directory;
        try {
            directory = start.resolve(spec).normalize();
        } catch (InvalidPathException e) {
            throw new PackException(spec + " is not a path (" + e.getMessage() + "); give the folder of the pack");
        }
        if (!Files.isDirectory(directory)) {
            throw new PackException(spec + ": no such directory (" + directory + (Path.of(spec).isAbsolute() ? ""
                    : "; a relative path starts at " + start) + "); give the folder that holds " + PackManifest.FILE
                    + " and the .sql files");
        }
        if (!Files.isRegularFile(directory.resolve(PackManifest.FILE))) {
            throw new PackException(spec + ": no " + PackManifest.FILE + " in " + directory + "; add one with name=NAME"
                    + " (and extends=reference to take every file you do not write from the reference pack)");
        }
        return PackLoader.load(new DirectoryLocation(directory, spec));
    }

    /** The built-in pack users select by {@code name}, e.g. {@code reference} or {@code renew-ignores-token}. */
    public static SqlPack builtIn(String name) {
        return BUILT_IN.computeIfAbsent(name, n -> {
            ClasspathLocation location = BuiltInPacks.find(n)
                    .orElseThrow(() -> new IllegalArgumentException("no built-in SQL pack named " + n));
            SqlPack pack = load(CLASSPATH + location.root());
            if (!pack.name().equals(n)) {
                throw new IllegalStateException(location.describe(PackManifest.FILE) + " says name=" + pack.name() + ", not " + n);
            }
            return pack;
        });
    }

    /**
     * The reference pack with some of its files taken from other folders, for
     * a Java variant or a test: named and claiming what the caller says.
     *
     * @param overlays folders on the class path, relative to {@code /fencecheck/packs/}, searched in order
     *                 before the reference (their {@code fencecheck.properties}, if any, is not read)
     */
    public static SqlPack overReference(String name, String description, ModelConfig config, String... overlays) {
        List<PackLocation> folders = Arrays.stream(overlays)
                .<PackLocation>map(o -> new ClasspathLocation(BuiltInPacks.ROOT + o))
                .toList();
        ClasspathLocation reference = BuiltInPacks.find("reference").orElseThrow();
        return PackLoader.compose(name, description, config, folders, reference);
    }

    /**
     * The fencing kit's sinks, inspect and reset, for an implementation whose acquire, renew, release and schema
     * are Java ({@code fencecheck.kit.KitLeaseProtocol}).
     */
    public static SqlPack kitOnly(String name, String description, ModelConfig config, KitSettings kit) {
        return PackLoader.kitOnly(name, description, config, kit, null);
    }

    /**
     * The same, with the sink files of {@code sinksFolder} (a folder on the class path; null for none) over the
     * kit's: a Java implementation that brings its own sinks.
     */
    public static SqlPack kitOnly(String name, String description, ModelConfig config, KitSettings kit, String sinksFolder) {
        return PackLoader.kitOnly(name, description, config, kit, sinksFolder);
    }

    private static Path startDirectory() {
        String given = System.getProperty(INVOCATION_DIRECTORY);
        return Path.of(given == null || given.isBlank() ? System.getProperty("user.dir") : given).toAbsolutePath();
    }
}
