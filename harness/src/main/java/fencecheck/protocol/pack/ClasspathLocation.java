package fencecheck.protocol.pack;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A pack in a folder on the class path, e.g. the built-in ones under
 * {@code /fencecheck/packs/} or a user's pack shipped in a jar. Files of the
 * built-in packs are named by their path under that folder
 * ({@code variants/renew-ignores-token/renew.sql}); others by
 * {@code classpath:} and their full path.
 */
record ClasspathLocation(String root) implements PackLocation {

    ClasspathLocation {
        root = normalize(root);
    }

    /** An absolute path without {@code .}, {@code ..} or empty parts. */
    private static String normalize(String path) {
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.equals("..")) {
                parts.pollLast();
            } else if (!part.isEmpty() && !part.equals(".")) {
                parts.addLast(part);
            }
        }
        return "/" + String.join("/", parts);
    }

    @Override
    public Optional<String> read(String file) {
        String path = root + "/" + file;
        try (InputStream in = open(path)) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " from the class path", e);
        }
    }

    private static InputStream open(String path) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        InputStream in = context == null ? null : context.getResourceAsStream(path.substring(1));
        return in != null ? in : ClasspathLocation.class.getResourceAsStream(path);
    }

    @Override
    public String describe(String file) {
        String path = root + "/" + file;
        return path.startsWith(BuiltInPacks.ROOT) ? path.substring(BuiltInPacks.ROOT.length()) : "classpath:" + path;
    }

    /** Whether this is one of the packs shipped with fencecheck. */
    boolean builtIn() {
        return root.startsWith(BuiltInPacks.ROOT);
    }

    @Override
    public String key() {
        return "classpath:" + root;
    }

    @Override
    public String describe() {
        return root.startsWith(BuiltInPacks.ROOT) ? root.substring(BuiltInPacks.ROOT.length()) : "classpath:" + root;
    }

    @Override
    public PackLocation resolve(String path) {
        return new ClasspathLocation(path.startsWith("/") ? path : root + "/" + path);
    }

    @Override
    public List<String> sqlFiles() {
        return List.of();
    }
}
