package fencecheck.findings;

import fencecheck.run.TryResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The failing tries of one property run, grouped by the {@link FindingKind kinds} they show: for each kind how many
 * tries showed it, the first of them, and the shortest (the one to shrink: a shorter start leaves less for shrinking
 * to get stuck on, and shrinking two costs twice the time for a few steps less). A try that shows two kinds counts for
 * both. Passing tries are only counted, so a run that finds nothing costs a counter per try.
 */
public final class FailingTries {

    /**
     * One kind of finding.
     *
     * @param shortest the shortest try that showed it (of equal length, the earlier)
     * @param firstTry the number in the run of the first try that showed it, from 1
     * @param tries    how many tries showed it
     */
    public record Group(FindingKind kind, TryResult shortest, int firstTry, int tries) {

        Group with(TryResult another) {
            return new Group(kind, another.steps() < shortest.steps() ? another : shortest, firstTry, tries + 1);
        }
    }

    private final Map<FindingKind, Group> groups = new LinkedHashMap<>();
    private int triesSeen;

    public synchronized void record(TryResult tried) {
        triesSeen++;
        if (tried.passed()) {
            return;
        }
        for (FindingKind kind : FindingKinds.of(tried)) {
            Group known = groups.get(kind);
            groups.put(kind, known == null ? new Group(kind, tried, triesSeen, 1) : known.with(tried));
        }
    }

    /** Every kind found, most severe first, then in the order they were found. */
    public synchronized List<Group> groups() {
        List<Group> ordered = new ArrayList<>(groups.values());
        ordered.sort(Comparator.comparing((Group g) -> g.kind().severity()).thenComparingInt(Group::firstTry));
        return ordered;
    }

    public synchronized boolean isEmpty() {
        return groups.isEmpty();
    }

    /** How many tries were recorded, failing or not. */
    public synchronized int tries() {
        return triesSeen;
    }
}
