package fencecheck.run;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * The order in which to judge statements the database completed while the
 * runner was not looking: when one step lets several waiting statements go on,
 * their clients' threads return in no telling order, and PostgreSQL does not
 * promise its lock queue's order either (a later waiter may get a row first).
 * The newest statement comes first (it is the one that let the others go: a
 * commit, a rollback), then the statements the deadlock detector aborted
 * (nothing of theirs is kept, so their place changes nothing), then the
 * others in the first order, from the order they started, under which the
 * model answers each as the database did. With none, they keep the order they
 * started, and the judgement shows the difference.
 */
final class CompletionOrder {

    /** Beyond this many, the statements keep the order they started: 6! orders are more than any step lets go. */
    private static final int MAX_PERMUTED = 5;

    private CompletionOrder() {
    }

    static List<Exchange.Done> of(List<Exchange.Done> done, long newestSequence, Predicate<List<Exchange.Done>> agrees) {
        List<Exchange.Done> head = new ArrayList<>();
        List<Exchange.Done> rest = new ArrayList<>();
        for (Exchange.Done d : done) {
            if (d.running().sequence == newestSequence) {
                head.add(0, d);
            } else if (d.seen().deadlockVictim()) {
                head.add(d);
            } else {
                rest.add(d);
            }
        }
        rest.sort(Comparator.comparingLong(d -> d.running().sequence));
        if (rest.size() > 1 && rest.size() <= MAX_PERMUTED) {
            for (List<Exchange.Done> order : permutations(rest)) {
                List<Exchange.Done> candidate = new ArrayList<>(head);
                candidate.addAll(order);
                if (agrees.test(candidate)) {
                    return candidate;
                }
            }
        }
        List<Exchange.Done> started = new ArrayList<>(head);
        started.addAll(rest);
        return started;
    }

    /** Every order of {@code items}, the given order first. */
    static <T> List<List<T>> permutations(List<T> items) {
        List<List<T>> all = new ArrayList<>();
        if (items.size() <= 1) {
            all.add(List.copyOf(items));
            return all;
        }
        for (int i = 0; i < items.size(); i++) {
            List<T> others = new ArrayList<>(items);
            T first = others.remove(i);
            for (List<T> tail : permutations(others)) {
                List<T> order = new ArrayList<>();
                order.add(first);
                order.addAll(tail);
                all.add(order);
            }
        }
        return all;
    }
}
