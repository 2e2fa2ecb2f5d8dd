package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * {@code slow_close}: data goes through; the end of the stream is held for
 * {@code delay} ms (less if the toxic is updated or removed meanwhile) before
 * the connection closes.
 */
final class SlowCloseToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        if (chunk.isEnd()) {
            long delay = stage.toxic().attribute("delay");
            stage.sleepUntil(System.nanoTime() + ToxicBehaviour.millisToNanos(delay));
        }
        stage.forward(chunk);
    }
}
