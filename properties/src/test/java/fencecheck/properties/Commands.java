package fencecheck.properties;

import java.nio.file.Path;

/** The exact commands, run from the repository root, that reproduce a failure. */
final class Commands {

    private Commands() {
    }

    static String replayTrace(Path trace) {
        return "mvn -q -pl harness -am compile exec:java -Dexec.args=\"replay " + trace + "\"";
    }

    static String rerunSeed(String propertyClass, String seed, String implementation) {
        return "mvn verify -pl properties -am -Dsurefire.failIfNoSpecifiedTests=false -Dtest=" + propertyClass
                + " -Dfencecheck.seed=" + seed + " -Dfencecheck.implementation=" + implementation;
    }
}
