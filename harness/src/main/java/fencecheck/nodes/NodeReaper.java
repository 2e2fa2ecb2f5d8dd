package fencecheck.nodes;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Stops the node processes of every cluster not closed when this JVM exits (a test that failed before its
 * {@code close}, an interrupted build), so no node outlives the run that started it. A JVM killed outright runs no
 * hook: then each node ends itself once it sees its starter gone ({@link NodeLauncher}).
 */
final class NodeReaper {

    private static final Set<NodeCluster> OPEN = ConcurrentHashMap.newKeySet();
    private static boolean hooked;

    private NodeReaper() {
    }

    static synchronized void watch(NodeCluster cluster) {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(NodeReaper::stopAll, "fencecheck-node-reaper"));
            hooked = true;
        }
        OPEN.add(cluster);
    }

    static void forget(NodeCluster cluster) {
        OPEN.remove(cluster);
    }

    private static void stopAll() {
        for (NodeCluster cluster : OPEN) {
            for (String left : cluster.stopProcesses()) {
                System.err.println("fencecheck: could not stop " + left);
            }
        }
    }
}
