package fencecheck.kit;

import fencecheck.api.Boundary;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.Params;
import fencecheck.protocol.pack.PreparedOperation;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Installs the kit next to the library's table: the fence, both sinks, and the library's table registered (for
 * form (b), with its trigger). Runs after the library's own schema, so that the table exists; idempotent.
 */
@API(status = API.Status.INTERNAL)
public final class KitInstall {

    private KitInstall() {
    }

    /**
     * @param boundary the library's: whether a lease is still valid at its end, for form (b)'s test of a lease that
     *                 had ended
     */
    public static void install(Connection connection, KitSettings settings, Boundary boundary) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(KitSql.text("schema.sql"));
        }
        LockTable lock = settings.lock();
        refuseTwins(connection, lock);
        String newLease = settings.fence() == FenceSource.TRIGGER ? String.join(",", lock.newLeaseColumns()) : null;
        try (PreparedOperation register = new PreparedOperation(connection, KitSql.file("register_lock.sql", Operation.SCHEMA,
                List.of("lock_table", "name_column", "owner_column", "until_column", "new_lease", "when_set", "when_ended",
                        "valid_through_end", "last_renewal")))) {
            register.query(new Params().text("lock_table", lock.table()).text("name_column", lock.nameColumn())
                    .text("owner_column", lock.ownerColumn()).text("until_column", lock.untilColumn()).text("new_lease", newLease)
                    .text("when_set", Boolean.toString(lock.newLeaseWhen() == LockTable.NewLeaseWhen.SET))
                    .text("when_ended", Boolean.toString(lock.newLeaseWhen() == LockTable.NewLeaseWhen.CHANGED_OR_ENDED))
                    .text("valid_through_end", Boolean.toString(boundary == Boundary.INCLUSIVE))
                    .text("last_renewal", Boolean.toString(lock.lastRenewal())))
                    .close();
            hold(connection, lock);
        } catch (SQLException e) {
            String first = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new SQLException("the kit could not register lock table " + lock.table() + ": " + first
                    + "; check lock.table and its columns (the library's schema runs first)", e.getSQLState(), e);
        }
    }

    /**
     * Refuses a lock table whose name another schema holds too, in one line: the kit's triggers and reads are on the
     * one registered, and a library that writes the other (one it created on its first use where its search path
     * pointed, or one it names with its schema) would take leases the kit never numbers.
     */
    private static void refuseTwins(Connection connection, LockTable lock) throws SQLException {
        List<String> twins = new ArrayList<>();
        try (PreparedOperation read = new PreparedOperation(connection, KitSql.file("lock_table_twins.sql", Operation.SCHEMA,
                List.of("lock_table")));
             ResultSet rs = read.query(new Params().text("lock_table", lock.table()))) {
            while (rs.next()) {
                twins.add(rs.getString(1));
            }
        }
        if (!twins.isEmpty()) {
            throw new IllegalStateException("the kit's lock table " + lock.table() + " has a namesake in another schema ("
                    + String.join(", ", twins) + "): the kit numbers leases only in the one lock.table names, and a library that"
                    + " writes the other gets no token; drop the other table, or name the one the library writes, with its schema");
        }
    }

    /** Names the table's held column, or clears it: registering again without one makes every row a lease again. */
    private static void hold(Connection connection, LockTable lock) throws SQLException {
        try (PreparedOperation hold = new PreparedOperation(connection, KitSql.file("hold_lock.sql", Operation.SCHEMA,
                List.of("lock_table", "held_column")))) {
            hold.query(new Params().text("lock_table", lock.table()).text("held_column", lock.heldColumn())).close();
        }
    }
}
