package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * {@code reset_peer}: when the first data (or the end of the stream) reaches
 * it, waits {@code timeout} ms (0: not at all) and then closes the connection
 * with a TCP RST. The data is dropped.
 */
final class ResetPeerToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        long timeout = stage.toxic().attribute("timeout");
        stage.pauseUntil(System.nanoTime() + ToxicBehaviour.millisToNanos(timeout));
        stage.reset();
    }
}
