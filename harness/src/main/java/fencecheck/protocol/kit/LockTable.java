package fencecheck.protocol.kit;

import java.util.List;

/**
 * The library's own lock table, as the kit reads it: a lease is the row whose {@code nameColumn} is the lock's
 * name, held by {@code ownerColumn} until {@code untilColumn}.
 *
 * @param table            the table, as SQL names it (schema-qualified or found on the search path)
 * @param nameColumn       the lock's name (fencecheck's job key)
 * @param ownerColumn      who holds it (compared as text with fencecheck's owner id)
 * @param untilColumn      when the lease ends ({@code timestamptz}, or {@code timestamp} in UTC)
 * @param newLeaseColumns  for form (b): the columns only a new lease sets; an insert, or an update that sets one of
 *                         them, is a new lease. Empty for the other forms.
 * @param newLeaseWhenSet  whether an update that merely sets one of them (to any value) is a new lease, for a
 *                         library whose only such update is its takeover; otherwise only one that changes one
 * @param heldColumn       null, or a boolean column that says whether the row is a lease now, for a library that keeps
 *                         its row while nobody holds it (db-scheduler's {@code picked}): a row not held is a lease that
 *                         ended (released), a row never held is none, and form (b) fences only a row held after the
 *                         statement
 * @param newLeaseWhenEnded for form (b) with changed columns: whether an update that sets one of them on a row whose
 *                         lease had ended (by the database's clock, as the library's boundary says) is a new lease
 *                         too, even by the same holder, for a library whose acquire also re-locks its caller's valid
 *                         lease (Spring Integration's): the holder's re-lock keeps its token, its lock after its lease
 *                         ended does not
 */
public record LockTable(String table, String nameColumn, String ownerColumn, String untilColumn, List<String> newLeaseColumns,
                        boolean newLeaseWhenSet, String heldColumn, boolean newLeaseWhenEnded) {

    public LockTable {
        newLeaseColumns = List.copyOf(newLeaseColumns);
        if (newLeaseWhenEnded && newLeaseWhenSet) {
            throw new IllegalArgumentException("a new lease when the old one ended widens a trigger on changed columns;"
                    + " with newLeaseWhenSet every update of " + newLeaseColumns + " is a new lease already");
        }
    }

    public LockTable(String table, String nameColumn, String ownerColumn, String untilColumn) {
        this(table, nameColumn, ownerColumn, untilColumn, List.of(), false);
    }

    /** A table whose every row is a lease (no held column). */
    public LockTable(String table, String nameColumn, String ownerColumn, String untilColumn, List<String> newLeaseColumns,
                     boolean newLeaseWhenSet) {
        this(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhenSet, null, false);
    }

    /** The same table, where an insert or an update that changes one of {@code columns} is a new lease (form (b)). */
    public LockTable newLeaseWhenChanged(String... columns) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, List.of(columns), false, heldColumn, false);
    }

    /** The same table, where an insert or any update that sets one of {@code columns} is a new lease (form (b)). */
    public LockTable newLeaseWhenSet(String... columns) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, List.of(columns), true, heldColumn, false);
    }

    /** The same table, where a row is a lease only while {@code column} is true (see {@link #heldColumn}). */
    public LockTable heldWhile(String column) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhenSet, column, newLeaseWhenEnded);
    }

    /**
     * The same table, where an insert, an update that changes one of {@code columns}, or one that sets one of them on
     * a row whose lease had ended is a new lease (form (b); see {@link #newLeaseWhenEnded}).
     */
    public LockTable newLeaseWhenChangedOrEnded(String... columns) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, List.of(columns), false, heldColumn, true);
    }
}
