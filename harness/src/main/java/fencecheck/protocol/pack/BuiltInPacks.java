package fencecheck.protocol.pack;

import java.util.List;
import java.util.Optional;

/**
 * The packs shipped with fencecheck, on the class path under
 * {@value #ROOT}: the reference and its boundary twin at the top, correct
 * alternatives under {@code alternatives/}, known-buggy variants under
 * {@code variants/}, each in a folder named as users select it.
 */
final class BuiltInPacks {

    static final String ROOT = "/fencecheck/packs/";

    private static final List<String> FOLDERS = List.of("", "alternatives/", "variants/");

    private BuiltInPacks() {
    }

    /** The built-in pack of that name, or empty when there is none. */
    static Optional<ClasspathLocation> find(String name) {
        if (!name.matches("[a-z0-9][a-z0-9-]*")) {
            return Optional.empty();
        }
        for (String folder : FOLDERS) {
            ClasspathLocation location = new ClasspathLocation(ROOT + folder + name);
            if (location.read(PackManifest.FILE).isPresent()) {
                return Optional.of(location);
            }
        }
        return Optional.empty();
    }
}
