package fencecheck.kit;

import org.apiguardian.api.API;

import java.util.List;

/**
 * The library's own lock table, as the kit reads it: a lease is the row whose {@code nameColumn} is the lock's
 * name, held by {@code ownerColumn} until {@code untilColumn}.
 *
 * @param table            the table, as SQL names it (schema-qualified or found on the search path)
 * @param nameColumn       the lock's name (fencecheck's job key)
 * @param ownerColumn      who holds it (compared as text with fencecheck's owner id)
 * @param untilColumn      when the lease ends ({@code timestamptz}, or {@code timestamp} in UTC)
 * @param newLeaseColumns  for form (b): the columns only a new lease sets; an insert, or an update of one of them as
 *                         {@code newLeaseWhen} says, is a new lease. Empty for the other forms.
 * @param newLeaseWhen     which updates of those columns are a new lease
 * @param heldColumn       null, or a boolean column that says whether the row is a lease now, for a library that keeps
 *                         its row while nobody holds it (db-scheduler's {@code picked}): a row not held is a lease that
 *                         ended (released), a row never held is none, and form (b) fences only a row held after the
 *                         statement
 */
@API(status = API.Status.STABLE, since = "0.1")
public record LockTable(String table, String nameColumn, String ownerColumn, String untilColumn, List<String> newLeaseColumns,
                        NewLeaseWhen newLeaseWhen, String heldColumn) {

    /** Which updates of the new-lease columns form (b) counts as a new lease. */
    public enum NewLeaseWhen {
        /** One that changes one of them: setting a column to the value it had (a lease granted again unchanged) is none. */
        CHANGED("changed"),
        /** Any that sets one, for a library whose only such update is its takeover. */
        SET("set"),
        /**
         * One that changes one, or sets one on a row whose lease had ended (by the database's clock, as the
         * library's boundary says), even by the same holder: for a library whose acquire also re-locks its caller's
         * valid lease (Spring Integration's), whose re-lock keeps its token while its lock after its lease ended does
         * not.
         */
        CHANGED_OR_ENDED("changed-or-ended");

        private final String spelled;

        NewLeaseWhen(String spelled) {
            this.spelled = spelled;
        }

        /**
         * As a pack's {@code lock.newLeaseWhen} writes it.
         *
         * @return {@code changed}, {@code set} or {@code changed-or-ended}
         */
        public String spelled() {
            return spelled;
        }
    }

    /**
     * The table with every setting given; the new-lease columns are copied. Which combinations the kit accepts depends
     * on the fence: {@link FenceSource#TRIGGER} needs new-lease columns and the others refuse them.
     *
     * @param table           the table, as SQL names it
     * @param nameColumn      the lock's name (fencecheck's job key)
     * @param ownerColumn     who holds it
     * @param untilColumn     when the lease ends
     * @param newLeaseColumns for form (b): the columns only a new lease sets; empty for the other forms
     * @param newLeaseWhen    which updates of those columns are a new lease
     * @param heldColumn      null, or a boolean column that says whether the row is a lease now
     */
    public LockTable {
        newLeaseColumns = List.copyOf(newLeaseColumns);
    }

    /**
     * The table with its four columns and nothing else: no new-lease columns (forms other than (b)), and every row a
     * lease. {@link #newLeaseWhenChanged} and its siblings, and {@link #heldWhile}, give the rest.
     *
     * @param table       the table, as SQL names it (schema-qualified or found on the search path)
     * @param nameColumn  the lock's name (fencecheck's job key)
     * @param ownerColumn who holds it (compared as text with fencecheck's owner id)
     * @param untilColumn when the lease ends ({@code timestamptz}, or {@code timestamp} in UTC)
     */
    public LockTable(String table, String nameColumn, String ownerColumn, String untilColumn) {
        this(table, nameColumn, ownerColumn, untilColumn, List.of(), NewLeaseWhen.CHANGED, null);
    }

    /**
     * The same table, where an insert or an update that changes one of {@code columns} is a new lease (form (b)).
     *
     * @param columns the columns only a new lease changes, e.g. a lease id set at every takeover
     * @return a copy with these new-lease columns and {@link NewLeaseWhen#CHANGED}
     */
    public LockTable newLeaseWhenChanged(String... columns) {
        return newLease(NewLeaseWhen.CHANGED, columns);
    }

    /**
     * The same table, where an insert or any update that sets one of {@code columns} is a new lease (form (b)).
     *
     * @param columns the columns only the library's takeover sets, e.g. ShedLock's {@code locked_at}
     * @return a copy with these new-lease columns and {@link NewLeaseWhen#SET}
     */
    public LockTable newLeaseWhenSet(String... columns) {
        return newLease(NewLeaseWhen.SET, columns);
    }

    /**
     * The same table, where an insert, an update that changes one of {@code columns}, or one that sets one of them on
     * a row whose lease had ended is a new lease (form (b); see {@link NewLeaseWhen#CHANGED_OR_ENDED}).
     *
     * @param columns the columns the library's acquire sets, e.g. Spring Integration's {@code client_id}
     * @return a copy with these new-lease columns and {@link NewLeaseWhen#CHANGED_OR_ENDED}
     */
    public LockTable newLeaseWhenChangedOrEnded(String... columns) {
        return newLease(NewLeaseWhen.CHANGED_OR_ENDED, columns);
    }

    /**
     * The same table, where a row is a lease only while {@code column} is true (see {@link #heldColumn}).
     *
     * @param column a boolean column of the table, e.g. db-scheduler's {@code picked}
     * @return a copy with this held column
     */
    public LockTable heldWhile(String column) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhen, column);
    }

    private LockTable newLease(NewLeaseWhen when, String... columns) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, List.of(columns), when, heldColumn);
    }
}
