package fencecheck.nodes;

import fencecheck.db.Databases;

import java.nio.file.Path;
import java.util.List;

/**
 * A JVM that starts a one-node cluster and never closes it, for the test that no node outlives its starter: with
 * {@code exit} it exits (the shutdown hook must stop the node), with {@code hang} it waits to be killed (the node
 * must end itself). It reaches the test's database by the URL it is given ({@code fencecheck.db.url}).
 */
public final class ClusterStarter {

    private ClusterStarter() {
    }

    public static void main(String[] args) throws Exception {
        NodeSpec spec = new NodeSpec(HeartbeatNode.class.getName(), 1, List.of("-Xmx64m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-D" + HeartbeatNode.RUN_PROPERTY + "=" + args[1]));
        NodeCluster cluster = NodeCluster.start(spec, Databases.shared(), Path.of(args[2]));
        System.out.println("node-pid " + cluster.node(1).pid());
        System.out.flush();
        if (args[0].equals("exit")) {
            System.exit(0);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
