package fencecheck.kit;

import fencecheck.protocol.pack.NamedParameters;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.PackFile;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The kit's own SQL files on the class path, under {@value #ROOT}; the sinks are a pack layer below it. */
@API(status = API.Status.INTERNAL)
public final class KitSql {

    public static final String ROOT = "/fencecheck/kit";

    /** The folder of the kit's sinks, {@code inspect.sql} and {@code delete_all.sql}, laid under a pack that says {@code sinks=kit}. */
    public static final String SINKS = ROOT + "/sinks";

    private KitSql() {
    }

    /** The text of the kit's file {@code name}. */
    static String text(String name) {
        String path = ROOT + "/" + name;
        try (InputStream in = KitSql.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no " + path + " on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /** The kit's file {@code name}, parsed with the named parameters {@code parameters}, run as {@code operation}'s statements. */
    static PackFile file(String name, Operation operation, List<String> parameters) {
        String text = text(name);
        String where = "kit/" + name;
        return new PackFile(operation, text, NamedParameters.parse(text, where, parameters), where, "classpath:" + ROOT);
    }

    /** The kit's deletion of its rows and of the registered lock tables' rows, as plain SQL. */
    public static String deleteAll() {
        return text("sinks/delete_all.sql");
    }
}
