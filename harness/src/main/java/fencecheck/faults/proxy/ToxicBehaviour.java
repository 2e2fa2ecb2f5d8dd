package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * What a kind of toxic does to the data of one direction of one connection.
 * Implementations are stateless; what they must remember per connection lives
 * in {@link ToxicStage#state()}.
 */
interface ToxicBehaviour {

    /** About 35 years in milliseconds: long enough to mean "forever", short enough not to overflow a deadline. */
    long MAX_MILLIS = 1L << 40;

    /**
     * A chunk (or the end of the stream) has reached this toxic: pass it on
     * with {@link ToxicStage#forward}, hold it, cut it, or drop it.
     */
    void onChunk(Chunk chunk, ToxicStage stage) throws IOException;

    /**
     * When this toxic acts on its own while no data arrives, as a
     * {@link System#nanoTime()} value, or {@link ToxicStage#NEVER}.
     */
    default long idleDeadline(ToxicStage stage) {
        return ToxicStage.NEVER;
    }

    /** Called once the {@link #idleDeadline} has passed with no data arriving. */
    default void onIdleDeadline(ToxicStage stage) throws IOException {
    }

    /** Whether removing the toxic closes the connections it was applied to. */
    default boolean closesOnRemoval() {
        return false;
    }

    /** Milliseconds as nanoseconds; negative values count as 0, and huge ones are capped at about 35 years. */
    static long millisToNanos(long millis) {
        return Math.min(Math.max(0, millis), MAX_MILLIS) * 1_000_000L;
    }
}
