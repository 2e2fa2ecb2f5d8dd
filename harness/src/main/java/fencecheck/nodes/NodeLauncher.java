package fencecheck.nodes;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

/**
 * A node process's entry point: ends the node when the JVM that started it is gone (killed before it could stop its
 * nodes), so no node outlives its run, then runs the node's own main class, given as the first argument.
 */
public final class NodeLauncher {

    /** The exit status of a node whose starter is gone. */
    private static final int ORPHANED = 3;

    private NodeLauncher() {
    }

    /**
     * @param args the pid of the JVM that started the node, the node's main class, then the main class's arguments
     */
    public static void main(String[] args) throws Throwable {
        if (args.length < 2) {
            throw new IllegalArgumentException("give the starter's pid and the node's main class as the first two arguments");
        }
        long starter = Long.parseLong(args[0]);
        // by pid, not as this process's parent: a starter gone before this line ran has left this node to another parent
        Optional<ProcessHandle> handle = ProcessHandle.of(starter).filter(NodeLauncher::olderThanThisNode);
        if (handle.isEmpty()) {
            orphaned(starter);
        }
        handle.get().onExit().thenRun(() -> orphaned(starter));
        Method main = Class.forName(args[1]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 2, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A process with the starter's pid that started after this node is another process that got the pid again. */
    private static boolean olderThanThisNode(ProcessHandle process) {
        Optional<Instant> started = process.info().startInstant();
        Optional<Instant> self = ProcessHandle.current().info().startInstant();
        return started.isEmpty() || self.isEmpty() || !started.get().isAfter(self.get());
    }

    private static void orphaned(long starter) {
        System.err.println("fencecheck: the JVM that started this node (pid " + starter + ") is gone; the node ends");
        Runtime.getRuntime().halt(ORPHANED);
    }
}
