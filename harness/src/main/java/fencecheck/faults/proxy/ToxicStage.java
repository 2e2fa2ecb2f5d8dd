package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * One toxic's place in the chain of one link, as seen by its
 * {@link ToxicBehaviour}. Every wait here ends at once, by an unchecked
 * exception, when the link is closed.
 */
interface ToxicStage {

    /** A deadline that never comes. */
    long NEVER = Long.MAX_VALUE;

    /** The toxic as configured when this stage started. */
    Toxic toxic();

    /** The toxic's state on this link. */
    ToxicState state();

    /** Passes a chunk (or the end) to the next toxic, or to the destination socket. */
    void forward(Chunk chunk) throws IOException;

    /**
     * Waits until the {@link System#nanoTime()} deadline ({@link #NEVER} to
     * wait for a change only). Returns {@code true} when the deadline passed,
     * {@code false} when the toxic was updated or removed first.
     */
    boolean sleepUntil(long deadlineNanos);

    /** Waits until the deadline whatever happens to the toxic. */
    void pauseUntil(long deadlineNanos);

    /** Ends this direction of the connection here: the end of the stream goes on in place of data. */
    void close() throws IOException;

    /** Like {@link #close()}, but both sockets close with a TCP RST (SO_LINGER 0). */
    void reset() throws IOException;
}
