package fencecheck.explore;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.StoredResult;
import fencecheck.job.JobRows;
import fencecheck.run.HistoryEntry;
import fencecheck.run.ModelState;
import fencecheck.run.QuietEnd;
import fencecheck.run.TryResult;
import fencecheck.trace.Action;
import fencecheck.trace.Actors;
import fencecheck.trace.Step;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The state a passing try ends in, as exhaustive mode compares states: the model's rows of every key, the rows the
 * implementation showed, what each worker believes it holds, and the clock relative to the lease ends, after
 * renaming workers and keys to the order that gives the smallest encoding. The beliefs are the runner's own
 * ({@link QuietEnd}), not derived again from the history.
 *
 * <p>Why each part may be left out or renamed: the model and the implementation see time only as differences from
 * now, so lease ends are taken relative to the clock, and every end before now as one (an ended lease never holds
 * again, and every clock move of the alphabet is a no-op for it); owners are only compared, so the incarnations a
 * restart killed, which never act again, are one; workers and keys are interchangeable, since the alphabet has the
 * same steps for each (the payloads, which name a worker, are renamed with it). Where the implementation's rows
 * differ from the model's, both are kept with their exact ends.
 */
final class StateFingerprint {

    private final int workers;
    private final List<String> keys;
    private final long now;
    private final Map<String, KeyState> model = new HashMap<>();
    private final Map<String, KeyState> implementation = new HashMap<>();
    private final Map<String, String> open = new TreeMap<>();
    /** Per worker slot (from 1), the label of its current incarnation. */
    private final String[] current;
    /** Per session, the lease it believes it holds: the runner's own knowledge at the try's end. */
    private final Map<String, QuietEnd.Held> beliefs;

    private StateFingerprint(ExhaustiveScope scope, QuietEnd ended) {
        TryResult result = ended.result();
        this.beliefs = ended.beliefs();
        this.workers = scope.workers();
        this.keys = scope.keyNames();
        List<Step> steps = result.trace().steps();
        this.current = new String[workers + 1];
        int[] restarts = new int[workers + 1];
        for (Step step : steps) {
            if (step.action() instanceof Action.Restart r) {
                restarts[Actors.slot(r.worker())]++;
            }
        }
        for (int w = 1; w <= workers; w++) {
            current[w] = restarts[w] == 0 ? Actors.worker(w) : Actors.worker(w) + "." + (restarts[w] + 1);
        }
        ModelState last = result.modelStates().isEmpty() ? null : result.modelStates().getLast();
        this.now = last == null ? 0 : last.now();
        if (last != null) {
            last.keys().forEach((key, rows) -> model.put(key, rows.protocol()));
            last.open().forEach((session, tx) -> open.put(session, tx.toString()));
        }
        for (HistoryEntry e : result.history()) {
            JobRows seen = e.observedRows();
            if (e.key() != null && seen != null) {
                implementation.put(e.key(), seen.protocol());
            }
        }
    }

    /** The canonical fingerprint of the state {@code ended} ends in. */
    static String of(ExhaustiveScope scope, QuietEnd ended) {
        return new StateFingerprint(scope, ended).canonical();
    }

    /** The state {@code ended} ends in: its fingerprint, and what tells which next steps are no-ops. */
    static Reached reached(ExhaustiveScope scope, QuietEnd ended) {
        StateFingerprint f = new StateFingerprint(scope, ended);
        Set<Integer> believers = new HashSet<>();
        for (int w = 1; w <= f.workers; w++) {
            if (f.beliefs.containsKey(f.current[w])) {
                believers.add(w);
            }
        }
        Set<String> leased = new HashSet<>();
        f.model.forEach((key, rows) -> {
            if (rows.lease() != null) {
                leased.add(key);
            }
        });
        return new Reached(f.canonical(), believers, leased);
    }

    /**
     * A state reached.
     *
     * @param fingerprint its canonical fingerprint
     * @param believers   the worker slots whose current incarnation believes it holds a lease
     * @param leased      the keys with a lease row in the model
     */
    record Reached(String fingerprint, Set<Integer> believers, Set<String> leased) {

        /**
         * Whether {@code step} is sure to change nothing here: the runner skips a renew, a release or a write of a
         * worker that believes it holds nothing, and a clock move to the end of a key with no lease, sending nothing.
         */
        boolean noOp(Step step) {
            return switch (step.action()) {
                case Action.Renew r -> !believers.contains(Actors.slot(step.actor()));
                case Action.Release r -> !believers.contains(Actors.slot(step.actor()));
                case Action.Write w -> !believers.contains(Actors.slot(step.actor()));
                case Action.AdvanceToExpiry a -> !leased.contains(a.key());
                default -> false;
            };
        }
    }

    /** The smallest encoding over every renaming of workers and keys. */
    private String canonical() {
        String best = null;
        for (int[] workerOrder : Permutations.of(workers)) {
            for (int[] keyOrder : Permutations.of(keys.size())) {
                String encoded = encode(workerOrder, keyOrder);
                if (best == null || encoded.compareTo(best) < 0) {
                    best = encoded;
                }
            }
        }
        return best;
    }

    /** The encoding with worker slot {@code w} named {@code W<workerOrder[w-1]>} and key {@code i} {@code K<keyOrder[i]>}. */
    private String encode(int[] workerOrder, int[] keyOrder) {
        Map<String, String> byKey = new TreeMap<>();
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            KeyState m = model.get(key);
            KeyState seen = implementation.get(key);
            String modelPart = rows(m, workerOrder, true);
            String seenPart = same(m, seen) ? "=" : rows(seen, workerOrder, false);
            byKey.put("K" + keyOrder[i], modelPart + "|" + seenPart);
        }
        Map<String, String> byWorker = new TreeMap<>();
        for (int w = 1; w <= workers; w++) {
            QuietEnd.Held b = beliefs.get(current[w]);
            byWorker.put("W" + workerOrder[w - 1], b == null ? "-" : "K" + keyOrder[keys.indexOf(b.key())] + "@" + b.token());
        }
        return byKey + " " + byWorker + (open.isEmpty() ? "" : " open " + open);
    }

    private static boolean same(KeyState model, KeyState seen) {
        KeyState empty = new KeyState(null, null, new TreeMap<>());
        return (model == null ? empty : model).equals(seen == null ? empty : seen);
    }

    private String rows(KeyState rows, int[] workerOrder, boolean pastAsOne) {
        if (rows == null) {
            return "none";
        }
        StringBuilder s = new StringBuilder();
        Lease lease = rows.lease();
        if (lease == null) {
            s.append("no lease");
        } else {
            long relative = lease.until() - now;
            s.append(owner(lease.owner(), workerOrder)).append(' ')
                    .append(pastAsOne && relative < 0 ? "ended" : String.valueOf(relative)).append(" #").append(lease.token())
                    .append(lease.released() ? " released" : "");
        }
        StoredResult latest = rows.latest();
        if (latest != null) {
            s.append("; latest #").append(latest.token()).append(' ').append(payload(latest.payload(), workerOrder));
        }
        rows.fenced().forEach((id, r) -> s.append("; ").append(id).append(" #").append(r.token()).append(' ')
                .append(payload(r.payload(), workerOrder)));
        return s.toString();
    }

    /** An incarnation's label in canonical words: a worker's current one by its new name, a dead one as dead. */
    private String owner(String label, int[] workerOrder) {
        for (int w = 1; w <= workers; w++) {
            if (current[w].equals(label)) {
                return "W" + workerOrder[w - 1];
            }
        }
        // a restart without a zombie kills the old incarnation: it never acts again, and owners are only compared
        return label.matches("w[1-4](\\.[0-9]+)?") ? "dead" : label;
    }

    private static String payload(String payload, int[] workerOrder) {
        if (payload != null && payload.matches("w[1-4]")) {
            int slot = payload.charAt(1) - '0';
            return slot <= workerOrder.length ? "W" + workerOrder[slot - 1] : payload;
        }
        return payload;
    }

    /** Every ordering of 1..n, as arrays. */
    static final class Permutations {

        private Permutations() {
        }

        static List<int[]> of(int n) {
            List<int[]> all = new ArrayList<>();
            permute(new int[n], new boolean[n + 1], 0, all);
            return all;
        }

        private static void permute(int[] into, boolean[] used, int at, List<int[]> all) {
            if (at == into.length) {
                all.add(into.clone());
                return;
            }
            for (int v = 1; v < used.length; v++) {
                if (!used[v]) {
                    used[v] = true;
                    into[at] = v;
                    permute(into, used, at + 1, all);
                    used[v] = false;
                }
            }
        }
    }
}
