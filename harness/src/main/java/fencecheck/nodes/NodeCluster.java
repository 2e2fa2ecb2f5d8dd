package fencecheck.nodes;

import eu.rekawek.toxiproxy.Proxy;
import fencecheck.db.Database;
import fencecheck.db.Login;
import fencecheck.db.TestBed;
import fencecheck.faults.proxy.FaultProxies;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A running cluster of node processes, each a JVM started from this JVM's class path, each reaching the database
 * through a fault proxy of its own. {@link #close()} stops every process whatever happened (SIGCONT first, then
 * SIGKILL, each wait bounded); a cluster not closed is stopped the same way when this JVM exits.
 */
public final class NodeCluster implements AutoCloseable {

    private static final AtomicInteger CLUSTERS = new AtomicInteger();

    private final List<Node> nodes;
    private final List<Proxy> proxies;
    private boolean closed;

    private NodeCluster(List<Node> nodes, List<Proxy> proxies) {
        this.nodes = List.copyOf(nodes);
        this.proxies = List.copyOf(proxies);
    }

    /** {@link #start(NodeSpec, Database, Path)} on the test bed's database. */
    public static NodeCluster start(NodeSpec spec, TestBed bed, Path logFolder) {
        return start(spec, bed.database(), logFolder);
    }

    /**
     * Starts {@code spec.nodes()} node processes, node I's output in {@code logFolder/node-I.log}.
     *
     * @throws NotApplicable where processes cannot be paused (Windows, no {@code kill} command)
     */
    public static NodeCluster start(NodeSpec spec, Database database, Path logFolder) {
        Signals.unavailable().ifPresent(reason -> {
            throw new NotApplicable(reason);
        });
        try {
            Files.createDirectories(logFolder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the node log folder " + logFolder + ": " + e.getMessage(), e);
        }
        int cluster = CLUSTERS.incrementAndGet();
        AnswerLoss answerLoss = new AnswerLoss(database);
        List<Node> nodes = new ArrayList<>();
        List<Proxy> proxies = new ArrayList<>();
        try {
            for (int id = 1; id <= spec.nodes(); id++) {
                Proxy proxy = FaultProxies.server().createProxy("fencecheck-node-" + ProcessHandle.current().pid() + "-" + cluster + "-" + id,
                        database.host(), database.port());
                proxies.add(proxy);
                InetSocketAddress address = FaultProxies.server().connectAddress(proxy);
                Login login = database.loginThrough(address.getHostString(), address.getPort());
                nodes.add(new Node(id, spec, login, proxy, logFolder.resolve("node-" + id + ".log"), answerLoss));
            }
        } catch (IOException e) {
            deleteProxies(proxies);
            throw new UncheckedIOException("cannot create a fault proxy for a node on " + FaultProxies.server().description()
                    + ": " + e.getMessage(), e);
        }
        NodeCluster started = new NodeCluster(nodes, proxies);
        NodeReaper.watch(started);
        try {
            nodes.forEach(Node::start);
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
        return started;
    }

    /** The nodes, by number. */
    public List<Node> nodes() {
        return nodes;
    }

    /**
     * Node {@code id}.
     *
     * @param id 1 to the cluster's size
     */
    public Node node(int id) {
        if (id < 1 || id > nodes.size()) {
            throw new IllegalArgumentException("the cluster has nodes 1 to " + nodes.size() + ", not " + id);
        }
        return nodes.get(id - 1);
    }

    /**
     * Stops every node process (resumed, then killed; each wait bounded) and deletes the proxies. A node that could
     * not be stopped fails this with one line naming it, after every other was stopped.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<String> left = stopProcesses();
        deleteProxies(proxies);
        NodeReaper.forget(this);
        if (!left.isEmpty()) {
            throw new IllegalStateException("node processes still running after SIGKILL: " + String.join("; ", left));
        }
    }

    /** Resumes, then kills every node; what could not be stopped, one entry a node. Used by the shutdown hook too. */
    List<String> stopProcesses() {
        List<String> left = new ArrayList<>();
        for (Node node : nodes) {
            try {
                node.resume();
            } catch (RuntimeException e) {
                // a process that cannot be continued is still killed
            }
            try {
                node.kill();
            } catch (RuntimeException e) {
                left.add(node + ": " + e.getMessage());
            }
        }
        return left;
    }

    private static void deleteProxies(List<Proxy> proxies) {
        for (Proxy proxy : proxies) {
            try {
                proxy.delete();
            } catch (IOException | RuntimeException e) {
                // the proxy server is gone already
            }
        }
    }

    @Override
    public String toString() {
        return "cluster of " + nodes;
    }
}
