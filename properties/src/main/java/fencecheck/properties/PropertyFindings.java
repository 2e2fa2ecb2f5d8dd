package fencecheck.properties;

import fencecheck.findings.FailingTries;
import fencecheck.findings.Finding;
import fencecheck.run.TryResult;

import java.nio.file.Path;
import java.util.List;

/**
 * The findings of the lock-step property being run: its failing tries by kind while it runs, then each kind shrunk
 * and saved, for the failure message and the result file. A failing try is recorded here instead of failing the
 * property, so the property goes on and one bug does not hide another. Reset when a property starts; one property
 * runs at a time (the runners share one database).
 */
final class PropertyFindings {

    /** A finding and the file its shrunk trace was saved to. */
    record Saved(Finding finding, Path trace) {
    }

    private static FailingTries failing = new FailingTries();
    private static List<Saved> saved = List.of();
    private static List<FailingTries.Group> notShrunk = List.of();
    private static long shrinkMillis;

    private PropertyFindings() {
    }

    static synchronized void reset() {
        failing = new FailingTries();
        saved = List.of();
        notShrunk = List.of();
        shrinkMillis = 0;
    }

    /** One try of the property; a passing one is only counted. */
    static synchronized void record(TryResult tried) {
        failing.record(tried);
    }

    static synchronized FailingTries failingTries() {
        return failing;
    }

    /** What the end of the property made of the failing tries: the kinds shrunk and saved, and those beyond the limit. */
    static synchronized void finished(List<Saved> shrunkAndSaved, List<FailingTries.Group> beyondTheLimit, long millis) {
        saved = List.copyOf(shrunkAndSaved);
        notShrunk = List.copyOf(beyondTheLimit);
        shrinkMillis = millis;
    }

    /** The shrunk findings, most severe first; empty when the property found nothing (or has not ended). */
    static synchronized List<Saved> saved() {
        return saved;
    }

    static synchronized List<FailingTries.Group> notShrunk() {
        return notShrunk;
    }

    /** How long shrinking every finding took, in milliseconds. */
    static synchronized long shrinkMillis() {
        return shrinkMillis;
    }
}
