package fencecheck.kit;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.List;

/**
 * The library's own lock table, as the kit reads it: a lease is the row whose {@code nameColumn} is the lock's
 * name, held by {@code ownerColumn} until {@code untilColumn}. The shortest form names these four; the builder-style
 * methods ({@link #newLeaseWhenChanged} and its siblings, {@link #heldWhile}, {@link #nameOfKey},
 * {@link #untilIsLastRenewal()}) each return a copy with one more thing said. A row whose owner column is null is free:
 * no lease, or a released one. A column is found as SQL finds a name: as written, else in lower case (a column created
 * unquoted as {@code messageId} is {@code messageid}).
 *
 * @param table              the table, as SQL names it (schema-qualified or found on the search path)
 * @param nameColumn         the lock's name (fencecheck's job key); for a name of several columns, their names
 *                           separated by commas (e.g. {@code processor_name, message_id}): the lock's name is then
 *                           their values as text joined by {@code /}, and {@code nameOfKey} says which name a job key
 *                           is
 * @param ownerColumn        who holds it (compared as text with fencecheck's owner id); null in a row says nobody
 * @param untilColumn        when the lease ends ({@code timestamptz}, {@code timestamp} in UTC, or text such as
 *                           {@code 2030-01-01T00:00:00.000001Z}, read in UTC when it names no offset); with
 *                           {@code lastRenewal}, when it was taken or last renewed
 * @param newLeaseColumns    for form (b): the columns only a new lease sets; an insert, or an update of one of them as
 *                           {@code newLeaseWhen} says, is a new lease. Empty for the other forms.
 * @param newLeaseWhen       which updates of those columns are a new lease
 * @param heldColumn         null, or a boolean column that says whether the row is a lease now, for a library that
 *                           keeps its row while nobody holds it (db-scheduler's {@code picked}): a row not held is a
 *                           lease that ended (released), a row never held is none, and form (b) fences only a row held
 *                           after the statement
 * @param nameOfKey          the lock name fencecheck's job key stands for, with {@code {key}} where the key goes
 *                           ({@code {key}} alone, the default, for a name of one column)
 * @param lastRenewal        whether {@code untilColumn} holds when the lease was taken or last renewed (a claim or
 *                           heartbeat time) rather than when it ends: the lease ends one lease length after it
 */
@API(status = API.Status.STABLE, since = "0.1")
public record LockTable(String table, String nameColumn, String ownerColumn, String untilColumn, List<String> newLeaseColumns,
                        NewLeaseWhen newLeaseWhen, String heldColumn, String nameOfKey, boolean lastRenewal) {

    /** What {@link #nameOfKey} holds in place of fencecheck's job key. */
    public static final String KEY = "{key}";

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
         * not; and, since a renew or a release is never a new lease, for a library whose extend is the same
         * "acquire or prolong" statement as its acquire.
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
     * The table with every setting given; the new-lease columns are copied, and a null {@code nameOfKey} is
     * {@code {key}}. Which combinations the kit accepts depends on the fence: {@link FenceSource#TRIGGER} needs
     * new-lease columns and the others refuse them; a name of several columns needs a {@code nameOfKey} that says
     * more than {@code {key}}.
     *
     * @param table              the table, as SQL names it
     * @param nameColumn         the lock's name column, or several separated by commas
     * @param ownerColumn        who holds it
     * @param untilColumn        when the lease ends, or when it was last renewed
     * @param newLeaseColumns    for form (b): the columns only a new lease sets; empty for the other forms
     * @param newLeaseWhen       which updates of those columns are a new lease
     * @param heldColumn         null, or a boolean column that says whether the row is a lease now
     * @param nameOfKey          the lock name a job key stands for, with {@code {key}} where the key goes; null for
     *                           {@code {key}}
     * @param lastRenewal        whether {@code untilColumn} holds the last renewal rather than the lease's end
     * @throws IllegalArgumentException when {@code nameOfKey} has no {@code {key}}
     */
    public LockTable {
        newLeaseColumns = List.copyOf(newLeaseColumns);
        nameOfKey = nameOfKey == null ? KEY : nameOfKey;
        if (!nameOfKey.contains(KEY)) {
            throw new IllegalArgumentException("the lock name of a job key, " + nameOfKey + ", has no " + KEY
                    + "; write where the key goes, e.g. orders/" + KEY);
        }
    }

    /**
     * The table with the settings it had before lock names of several columns and lease ends kept as the last renewal:
     * a job key is the lock's name, and the until column holds the lease's end.
     *
     * @param table           the table, as SQL names it
     * @param nameColumn      the lock's name column, or several separated by commas
     * @param ownerColumn     who holds it
     * @param untilColumn     when the lease ends
     * @param newLeaseColumns for form (b): the columns only a new lease sets; empty for the other forms
     * @param newLeaseWhen    which updates of those columns are a new lease
     * @param heldColumn      null, or a boolean column that says whether the row is a lease now
     */
    public LockTable(String table, String nameColumn, String ownerColumn, String untilColumn, List<String> newLeaseColumns,
                     NewLeaseWhen newLeaseWhen, String heldColumn) {
        this(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhen, heldColumn, KEY, false);
    }

    /**
     * The table with its four columns and nothing else: no new-lease columns (forms other than (b)), every row whose
     * owner is not null a lease, a job key the lock's name, the until column the lease's end. The builder-style
     * methods give the rest.
     *
     * @param table       the table, as SQL names it (schema-qualified or found on the search path)
     * @param nameColumn  the lock's name (fencecheck's job key), or several columns separated by commas
     * @param ownerColumn who holds it (compared as text with fencecheck's owner id)
     * @param untilColumn when the lease ends ({@code timestamptz}, {@code timestamp} in UTC, or text)
     */
    public LockTable(String table, String nameColumn, String ownerColumn, String untilColumn) {
        this(table, nameColumn, ownerColumn, untilColumn, List.of(), NewLeaseWhen.CHANGED, null);
    }

    /**
     * The lock's name columns, in order: one, or those {@code nameColumn} separates by commas.
     *
     * @return the column names, stripped
     */
    public List<String> nameColumns() {
        return Arrays.stream(nameColumn.split(",")).map(String::strip).filter(c -> !c.isEmpty()).toList();
    }

    /**
     * The lock name fencecheck's job key {@code key} stands for: {@code nameOfKey} with the key in its place.
     *
     * @param key a job key, e.g. {@code K1}
     * @return the lock's name, e.g. {@code orders/K1}
     */
    public String lockName(String key) {
        return nameOfKey.replace(KEY, key);
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
     * @param columns the columns the library's acquire sets, e.g. Spring Integration's {@code client_id}, or the
     *                owner column of a library whose extend is "acquire or prolong"
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
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhen, column, nameOfKey,
                lastRenewal);
    }

    /**
     * The same table, where fencecheck's job key stands for the lock name {@code template} with the key in place of
     * {@code {key}}: for a name of several columns, their values joined by {@code /}. E.g. with name columns
     * {@code processor_name, message_id}, {@code orders/{key}} makes job key {@code K1} the lock of processor
     * {@code orders} and message {@code K1}; the library's calls get the job key and store those values.
     *
     * @param template the lock name with {@code {key}} where the key goes
     * @return a copy with this lock name of a job key
     * @throws IllegalArgumentException when {@code template} has no {@code {key}}
     */
    public LockTable nameOfKey(String template) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhen, heldColumn, template,
                lastRenewal);
    }

    /**
     * The same table, whose until column holds when the lease was taken or last renewed (a claim or heartbeat time,
     * db-scheduler's {@code last_heartbeat}), not when it ends: the lease ends one lease length after it. The kit
     * reads a held lease with the length of the latest acquire or renew (such a library's lease length is one per
     * process), a released one as stored, and {@link NewLeaseWhen#CHANGED_OR_ENDED} judges "ended" on the time plus
     * the length of the call that runs.
     *
     * @return a copy whose until column is the last renewal
     */
    public LockTable untilIsLastRenewal() {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, newLeaseColumns, newLeaseWhen, heldColumn, nameOfKey,
                true);
    }

    private LockTable newLease(NewLeaseWhen when, String... columns) {
        return new LockTable(table, nameColumn, ownerColumn, untilColumn, List.of(columns), when, heldColumn, nameOfKey,
                lastRenewal);
    }
}
