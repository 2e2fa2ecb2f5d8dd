package fencecheck.nodes;

/**
 * One thing the process nemesis did, with the database server's clock around it (microseconds from
 * {@link fencecheck.db.VirtualClock#ORIGIN}, as every instant of a real-time history): for a pause, the node was
 * stopped in all of {@code [startMicros, endMicros]}; for a kill, it was gone in all of it; for a partition, cut
 * off in all of it; for a lost answer, the loss was armed and removed within it.
 *
 * @param node        the node's number
 * @param what        what was done, e.g. {@code paused 9.8 s}
 * @param startMicros the server's clock when the fault was in place
 * @param endMicros   the server's clock just before it was lifted
 */
public record NemesisAction(int node, String what, long startMicros, long endMicros) {

    /** How long the fault lasted, on the server's clock. */
    public long micros() {
        return endMicros - startMicros;
    }

    @Override
    public String toString() {
        return "node " + node + " " + what;
    }
}
