package fencecheck.kit;

import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Objects;

/**
 * A scheduler's table whose row changes are its firings: each new firing of a job is a new lease of the job's key,
 * and a trigger on this table advances the kit's fence of that key and records the firing (key, firing id, token,
 * the database's clock) in the scheduler's own statement, so a node killed right after firing loses nothing. A job
 * body then reads its firing's token with {@link JobRun#begin}.
 *
 * <p>Two shapes: every inserted row is a firing ({@link #inserted}: Quartz's {@code qrtz_fired_triggers}), or every
 * update that sets a boolean column true on a row where it was not ({@link #heldWhenSet}: db-scheduler's
 * {@code scheduled_tasks} and its {@code picked}).
 *
 * @param table          the table, as SQL names it (schema-qualified or found on the search path)
 * @param keyColumns     the columns whose values, as text joined by {@code keySeparator}, are the job key
 * @param keySeparator   put between the key columns' values
 * @param firingIdColumn the column that tells one firing of a job key from another
 * @param heldColumn     null for the insert shape; for the update shape, the boolean column whose change to true is a
 *                       firing
 */
@API(status = API.Status.STABLE, since = "0.1")
public record FiringTable(String table, List<String> keyColumns, String keySeparator, String firingIdColumn, String heldColumn) {

    /** Checks that every part but {@code heldColumn} is given, and keeps a copy of the key columns. */
    public FiringTable {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(keySeparator, "keySeparator");
        Objects.requireNonNull(firingIdColumn, "firingIdColumn");
        keyColumns = List.copyOf(keyColumns);
        if (keyColumns.isEmpty()) {
            throw new IllegalArgumentException("a firing table names at least one key column");
        }
    }

    /**
     * Every row inserted into {@code table} that names its job key is a firing, and so is every update that names the
     * job key of a row that named none (Quartz inserts its fired-trigger row without the job when it acquires the
     * trigger, and names the job when it fires it).
     *
     * @param table          the table
     * @param keyColumns     the job key's columns, in order
     * @param keySeparator   put between their values
     * @param firingIdColumn the firing's id
     * @return the firing table
     */
    public static FiringTable inserted(String table, List<String> keyColumns, String keySeparator, String firingIdColumn) {
        return new FiringTable(table, keyColumns, keySeparator, firingIdColumn, null);
    }

    /**
     * Every update that sets {@code heldColumn} true on a row where it was not, and every insert of a row where it is
     * true, is a firing.
     *
     * @param table          the table
     * @param keyColumns     the job key's columns, in order
     * @param keySeparator   put between their values
     * @param firingIdColumn the firing's id, as the row holds it after the update
     * @param heldColumn     the boolean column
     * @return the firing table
     */
    public static FiringTable heldWhenSet(String table, List<String> keyColumns, String keySeparator, String firingIdColumn,
                                          String heldColumn) {
        return new FiringTable(table, keyColumns, keySeparator, firingIdColumn, Objects.requireNonNull(heldColumn, "heldColumn"));
    }

    /**
     * Quartz's clustered JDBC job store with the default table prefix: a row of {@code qrtz_fired_triggers} per firing
     * (a firing when the row names its job), the job key {@code job_group.job_name}, the firing id {@code entry_id}.
     *
     * @return the firing table
     */
    public static FiringTable quartz() {
        return inserted("qrtz_fired_triggers", List.of("job_group", "job_name"), ".", "entry_id");
    }

    /**
     * db-scheduler's {@code scheduled_tasks}: a pick sets {@code picked} true and moves {@code version}; the job key
     * is {@code task_name/task_instance}, the firing id the version the pick set.
     *
     * @return the firing table
     */
    public static FiringTable dbScheduler() {
        return heldWhenSet("scheduled_tasks", List.of("task_name", "task_instance"), "/", "version", "picked");
    }

    /**
     * Installs the kit (its fences and sinks, idempotent) and the run records, and registers this table with its
     * triggers. Runs after the scheduler's own schema, so that the table exists; run it once, before the nodes start.
     *
     * @param connection a session on the scheduler's database; left in autocommit as it was
     * @throws SQLException when the database refuses, e.g. a table or column that does not exist (in one line)
     */
    public void install(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(KitSql.text("schema.sql"));
            s.execute(KitSql.text("runs/schema.sql"));
        }
        try (PreparedOperation register = new PreparedOperation(connection, KitSql.file("runs/register_firings.sql", Operation.SCHEMA,
                List.of("firing_table", "key_columns", "key_separator", "firing_id_column", "held_column")))) {
            register.query(new Params().text("firing_table", table).text("key_columns", String.join(",", keyColumns))
                    .text("key_separator", keySeparator).text("firing_id_column", firingIdColumn).text("held_column", heldColumn))
                    .close();
        } catch (SQLException e) {
            String first = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new SQLException("the kit could not register firing table " + table + ": " + first
                    + "; create the scheduler's tables first and name its columns", e.getSQLState(), e);
        }
    }
}
