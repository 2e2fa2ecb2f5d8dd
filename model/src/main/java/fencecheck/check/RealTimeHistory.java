package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.model.Micros;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a real-time run observed: every operation as an interval, the rows of each key
 * read once every worker had stopped, and the nemesis's marks for the report.
 *
 * @param operations  by id
 * @param finalRows   per key, the rows read after the run, owners shown as process names (a checker compares tokens and
 *                    results, see {@link Linearizability}); a key missing here is not compared
 * @param marks       pauses, restarts, faults: what the timeline draws; no checker reads them
 * @param start       the server instant the run started at: the timeline's zero
 * @param uncertainty microseconds by which every interval is widened on both sides before it is judged: how far the
 *                    harness's reading of the server clock may be off (see {@code fencecheck.realtime.ServerClock})
 * @param startRows   per key, the rows it holds before the first operation; a key missing here starts with none. A run
 *                    starts with none; a shrunk history that dropped the first grants of a key starts from a lease of
 *                    the token they had reached, expired before its operations, or from the lease an answer it dropped
 *                    showed, held by that answer's process (see {@link HistoryShrinker})
 */
public record RealTimeHistory(List<TimedOperation> operations, Map<String, KeyState> finalRows, List<Mark> marks, long start,
                              long uncertainty, Map<String, KeyState> startRows) {

    /** The name a lease of the start rows is held by: no process of the history. */
    public static final String EARLIER_HOLDER = "(earlier)";

    /** Something the nemesis did to a process at a server instant, in words. */
    public record Mark(String process, long at, String what) {
    }

    public RealTimeHistory {
        operations = operations.stream().sorted(Comparator.comparingInt(TimedOperation::id)).toList();
        finalRows = finalRows == null ? Map.of() : Map.copyOf(new TreeMap<>(finalRows));
        marks = marks == null ? List.of() : List.copyOf(marks);
        startRows = startRows == null ? Map.of() : Map.copyOf(new TreeMap<>(startRows));
    }

    /** A run's history: every key starts with no rows. */
    public RealTimeHistory(List<TimedOperation> operations, Map<String, KeyState> finalRows, List<Mark> marks, long start,
                           long uncertainty) {
        this(operations, finalRows, marks, start, uncertainty, Map.of());
    }

    /**
     * Where {@code key} starts, in words for the console and the pages, or null when it starts with no lease: the
     * token dropped grants reached, or the lease an answer left out showed, its end in ms from the run's start.
     */
    public String startInWords(String key) {
        Lease lease = startRowsOf(key).lease();
        if (lease == null) {
            return null;
        }
        if (lease.owner().equals(EARLIER_HOLDER)) {
            return key + " starts from token " + lease.token() + ": the grants before it are left out of this history, and its lease"
                    + " had run out before the first operation shown";
        }
        return key + " starts from the lease of token " + lease.token() + " held by " + lease.owner() + " until "
                + Micros.millis(lease.until() - start) + ", as an answer left out of this history showed";
    }

    /** The rows {@code key} starts with. */
    public KeyState startRowsOf(String key) {
        return startRows.getOrDefault(key, KeyState.EMPTY);
    }

    /** The same history, its keys starting from {@code rows} (keys not named there start with none). */
    public RealTimeHistory startingFrom(Map<String, KeyState> rows) {
        return new RealTimeHistory(operations, finalRows, marks, start, uncertainty, rows);
    }

    /** The same history with only the operations {@code keep} says yes to (rows and marks as they are). */
    public RealTimeHistory filter(Predicate<TimedOperation> keep) {
        return new RealTimeHistory(operations.stream().filter(keep).toList(), finalRows, marks, start, uncertainty, startRows);
    }

    /** The part of one key: its operations and its final rows; per-key checking is sound (see {@link Linearizability}). */
    public RealTimeHistory ofKey(String key) {
        Map<String, KeyState> rows = finalRows.containsKey(key) ? Map.of(key, finalRows.get(key)) : Map.of();
        Map<String, KeyState> from = startRows.containsKey(key) ? Map.of(key, startRows.get(key)) : Map.of();
        return new RealTimeHistory(operations.stream().filter(o -> o.key().equals(key)).toList(), rows, marks, start, uncertainty, from);
    }

    public RealTimeHistory withoutFinalRows() {
        return new RealTimeHistory(operations, Map.of(), marks, start, uncertainty, startRows);
    }

    public Set<String> keys() {
        TreeSet<String> keys = new TreeSet<>(finalRows.keySet());
        operations.forEach(o -> keys.add(o.key()));
        return keys;
    }

    public TimedOperation operation(int id) {
        return operations.stream().filter(o -> o.id() == id).findFirst().orElse(null);
    }

    /** The earliest instant an operation may have taken effect at, the uncertainty taken in. */
    public long earliest(TimedOperation o) {
        return o.invoke() - uncertainty;
    }

    /** The latest instant an operation may have taken effect at, the uncertainty taken in. */
    public long latest(TimedOperation o) {
        return o.complete() + uncertainty;
    }
}
