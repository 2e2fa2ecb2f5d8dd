package fencecheck.nodes;

import java.util.List;

/**
 * How to start one kind of node.
 *
 * @param mainClass  the node's main class, on this JVM's classpath; it reads its settings from
 *                   {@link fencecheck.kit.SchedulerNode}
 * @param nodes      how many nodes, numbered 1 to {@code nodes}
 * @param jvmOptions options before the class path on each node's command line, e.g. {@code -Xmx128m}
 */
public record NodeSpec(String mainClass, int nodes, List<String> jvmOptions) {

    public NodeSpec {
        if (mainClass == null || mainClass.isBlank()) {
            throw new IllegalArgumentException("a node spec needs the node's main class, e.g. com.example.QuartzNode");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("a cluster needs at least 1 node, not " + nodes);
        }
        jvmOptions = List.copyOf(jvmOptions == null ? List.of() : jvmOptions);
    }

    /** {@code nodes} nodes of {@code mainClass} with a small heap each. */
    public static NodeSpec of(String mainClass, int nodes) {
        return new NodeSpec(mainClass, nodes, List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
    }
}
