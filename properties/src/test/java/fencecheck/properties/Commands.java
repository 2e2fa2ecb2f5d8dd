package fencecheck.properties;

import java.nio.file.Path;

/** The exact commands, run from the repository root, that reproduce a failure. */
final class Commands {

    private Commands() {
    }

    static String replayTrace(Path trace) {
        return "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + Paths.fromRoot(trace) + "\"";
    }

    /**
     * Re-runs one property class with a pinned seed. jqwik's failure database is set aside
     * ({@code RANDOM_SEED} after a failure), so the seed, not a sample stored by an earlier run,
     * decides what is generated.
     */
    static String rerunSeed(String propertyClass, String seed, String implementation) {
        return "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=" + propertyClass
                + " -Dfencecheck.seed=" + seed + " -Dfencecheck.implementation=" + implementation
                + " -Djqwik.failures.after.default=RANDOM_SEED";
    }
}
