package fencecheck.nodes;

import java.time.Duration;

/**
 * One step of a nemesis plan: after {@code after} from the end of the previous step, {@code fault} on node
 * {@code node} for {@code length}.
 *
 * @param node   the node's number
 * @param fault  what is done
 * @param after  the wait before it
 * @param length how long it lasts (a pause, the time a killed node stays down, a partition); not used for a lost
 *               answer
 */
public record NemesisStep(int node, Fault fault, Duration after, Duration length) {

    /** The faults of the process nemesis. */
    public enum Fault {
        /** SIGSTOP, SIGCONT after the step's length: every thread stops, as in a long GC pause. */
        PAUSE,
        /** SIGKILL, a restart with the same settings after the step's length. */
        KILL,
        /** The node's proxy drops every byte both ways for the step's length. */
        PARTITION,
        /** The proxy drops the answer of the node's next statement. */
        LOSE_ANSWER
    }

    public NemesisStep {
        if (node < 1) {
            throw new IllegalArgumentException("nodes are numbered from 1, not " + node);
        }
        if (after.isNegative() || length.isNegative()) {
            throw new IllegalArgumentException("a nemesis step's wait and length cannot be negative");
        }
    }
}
