package fencecheck.protocol.pack;

import java.util.List;
import java.util.Optional;

/** Where a pack's files are: a directory on disk, or a folder on the class path. */
interface PackLocation {

    /** The text of {@code file} (a path inside the pack, e.g. {@code job/claim.sql}), or empty when the pack has no such file. */
    Optional<String> read(String file);

    /** How messages and reports name {@code file} of this pack. */
    String describe(String file);

    /** What makes two locations the same pack: {@code classpath:/PATH} or {@code file:/PATH}. */
    String key();

    /** How messages name the pack itself. */
    String describe();

    /** The location {@code path} names, relative to this one (for {@code extends=../other}). */
    PackLocation resolve(String path);

    /** The {@code .sql} files it holds, as paths inside the pack; empty where they cannot be listed (the class path). */
    List<String> sqlFiles();
}
