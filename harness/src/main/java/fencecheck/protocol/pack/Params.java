package fencecheck.protocol.pack;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The named values an operation hands to its SQL, each with the JDBC type it
 * is sent as: {@code text}, {@code uuid} or {@code bigint}. A statement binds
 * the ones it names; the others are simply not used.
 */
public final class Params {

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement statement, int index) throws SQLException;
    }

    private final Map<String, Binder> values = new HashMap<>();

    public Params text(String name, String value) {
        values.put(name, (s, i) -> s.setString(i, value));
        return this;
    }

    public Params uuid(String name, UUID value) {
        values.put(name, (s, i) -> s.setObject(i, value));
        return this;
    }

    /** A bigint, or SQL null when {@code value} is null. */
    public Params bigint(String name, Long value) {
        values.put(name, (s, i) -> {
            if (value == null) {
                s.setNull(i, Types.BIGINT);
            } else {
                s.setLong(i, value);
            }
        });
        return this;
    }

    void bind(PreparedStatement statement, int index, String name) throws SQLException {
        Binder binder = values.get(name);
        if (binder == null) {
            // the loader checked every name against the operation's list, so this is the adapter's mistake
            throw new IllegalStateException("no value for :" + name + " (the adapter gives " + values.keySet() + ")");
        }
        binder.bind(statement, index);
    }
}
