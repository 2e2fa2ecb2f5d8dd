package fencecheck.nodes;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A node process's entry point: ends the node when the JVM that started it is gone (killed before it could stop its
 * nodes), so no node outlives its run, then runs the node's own main class, given as the first argument.
 */
public final class NodeLauncher {

    /** The exit status of a node whose starter is gone. */
    private static final int ORPHANED = 3;

    private NodeLauncher() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            throw new IllegalArgumentException("give the node's main class as the first argument");
        }
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("fencecheck: the JVM that started this node (pid " + parent.pid() + ") is gone; the node ends");
            Runtime.getRuntime().halt(ORPHANED);
        }));
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
