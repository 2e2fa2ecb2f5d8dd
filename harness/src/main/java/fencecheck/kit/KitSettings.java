package fencecheck.kit;

import fencecheck.protocol.pack.PackException;
import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What an implementation tells the kit: where its token is and which table holds its leases. In a pack's
 * {@code fencecheck.properties}:
 * <pre>
 * sinks=kit
 * fence=trigger            # returned, fence-row or trigger
 * lock.table=shedlock
 * lock.name=name
 * lock.owner=locked_by
 * lock.until=lock_until
 * lock.newLease=locked_at  # trigger only: comma-separated columns only a new lease changes
 * lock.newLeaseWhen=set    # trigger only: changed (the default), set (any update naming them) or
 *                          # changed-or-ended (also one that sets one on a row whose lease had ended)
 * lock.nameOfKey=orders/{key}     # the lock name a job key stands for (a name of several columns: joined by /)
 * lock.untilIsLastRenewal=true    # lock.until holds the last claim or heartbeat, not the lease's end
 * </pre>
 *
 * @param fence where the token comes from
 * @param lock  the library's lock table, as the kit reads it
 */
@API(status = API.Status.INTERNAL)
public record KitSettings(FenceSource fence, LockTable lock) {

    /** The keys a pack may set; {@code sinks=kit} turns the kit on. */
    public static final List<String> KEYS = List.of("sinks", "fence", "lock.table", "lock.name", "lock.owner", "lock.until",
            "lock.newLease", "lock.newLeaseWhen", "lock.nameOfKey", "lock.untilIsLastRenewal");

    public KitSettings {
        if (fence == FenceSource.TRIGGER && lock.newLeaseColumns().isEmpty()) {
            throw new PackException("fence=trigger needs lock.newLease: the columns of " + lock.table()
                    + " that only a new lease sets (e.g. lock.newLease=locked_at)");
        }
        if (fence != FenceSource.TRIGGER && !lock.newLeaseColumns().isEmpty()) {
            throw new PackException("lock.newLease is for fence=trigger only; remove it or set fence=trigger");
        }
        int columns = lock.nameColumns().size();
        long separators = lock.nameOfKey().replace(LockTable.KEY, "").chars().filter(c -> c == '/').count();
        if (columns > 1 && separators != columns - 1) {
            throw new PackException("lock.name names " + columns + " columns (" + String.join(", ", lock.nameColumns())
                    + "), whose values joined by / are the lock's name: say which name a job key is with lock.nameOfKey"
                    + " (Java: nameOfKey), " + columns + " parts, e.g. lock.nameOfKey=" + "orders/".repeat(columns - 1)
                    + LockTable.KEY);
        }
    }

    /**
     * The lock name fencecheck's job key stands for ({@link LockTable#lockName}): what the kit's fence, sinks and
     * {@code inspect} are keyed by.
     *
     * @param key a job key
     * @return its lock name
     */
    public String lockName(String key) {
        return lock.lockName(key);
    }

    /**
     * The kit's settings of a pack, or null when it does not say {@code sinks=kit}.
     *
     * @param settings the pack's kit keys and values (each pack of an {@code extends} chain fills in what the one
     *                 before it left out)
     * @param where    the file, for messages
     */
    public static KitSettings of(Map<String, String> settings, String where) {
        String sinks = settings.get("sinks");
        if (sinks == null || sinks.isBlank() || sinks.strip().equals("own")) {
            List<String> stray = settings.keySet().stream().filter(k -> !k.equals("sinks")).sorted().toList();
            if (!stray.isEmpty()) {
                throw new PackException(where + ": " + String.join(", ", stray) + " only mean something with sinks=kit;"
                        + " add sinks=kit or remove them");
            }
            return null;
        }
        if (!sinks.strip().equals("kit")) {
            throw new PackException(where + ": sinks=" + sinks.strip() + " is not a value of sinks; use kit (fencecheck's"
                    + " sinks) or own (the pack's write_latest.sql, write_fenced.sql and inspect.sql)");
        }
        String rawFence = required(settings, "fence", where, "returned, fence-row or trigger");
        FenceSource fence = FenceSource.parse(rawFence).orElseThrow(() -> new PackException(where + ": fence=" + rawFence.strip()
                + " is not a value of fence; use one of " + String.join(", ", Arrays.stream(FenceSource.values())
                .map(FenceSource::spelled).toList())));
        String newLease = settings.getOrDefault("lock.newLease", "");
        List<String> columns = Arrays.stream(newLease.split(",")).map(String::strip).filter(c -> !c.isEmpty()).toList();
        String when = settings.getOrDefault("lock.newLeaseWhen", LockTable.NewLeaseWhen.CHANGED.spelled()).strip();
        LockTable.NewLeaseWhen newLeaseWhen = Arrays.stream(LockTable.NewLeaseWhen.values()).filter(w -> w.spelled().equals(when))
                .findFirst().orElseThrow(() -> new PackException(where + ": lock.newLeaseWhen=" + when + " is not a value of"
                        + " lock.newLeaseWhen; use changed (an update that changes one of lock.newLease), set (any update that"
                        + " sets one) or changed-or-ended (one that changes one, or sets one on a row whose lease had ended)"));
        String table = required(settings, "lock.table", where, "the library's lock table");
        String name = required(settings, "lock.name", where, "its column of the lock's name, or columns separated by commas");
        String owner = required(settings, "lock.owner", where, "its column of who holds the lock");
        String until = required(settings, "lock.until", where, "its column of when the lease ends");
        String nameOfKey = settings.get("lock.nameOfKey") == null ? null : settings.get("lock.nameOfKey").strip();
        boolean lastRenewal = lastRenewal(settings.get("lock.untilIsLastRenewal"), where);
        try {
            return new KitSettings(fence, new LockTable(table, name, owner, until, columns, newLeaseWhen, null, nameOfKey,
                    lastRenewal));
        } catch (IllegalArgumentException e) {
            throw new PackException(where + ": " + e.getMessage());
        }
    }

    private static boolean lastRenewal(String raw, String where) {
        if (raw == null || raw.isBlank()) {
            return false;
        }
        return switch (raw.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new PackException(where + ": lock.untilIsLastRenewal=" + raw.strip() + " is not true or false;"
                    + " say true when lock.until holds the last claim or heartbeat time rather than the lease's end");
        };
    }

    private static String required(Map<String, String> settings, String key, String where, String what) {
        String value = settings.get(key);
        if (value == null || value.isBlank()) {
            throw new PackException(where + " says sinks=kit but has no " + key + "; add " + key + "=... (" + what + ")");
        }
        return value.strip();
    }
}
