package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * {@code timeout}: no data goes through (it is dropped); the connection closes
 * once {@code timeout} ms pass with no data arriving, counted from when the
 * toxic started to apply; never when {@code timeout} is 0. Removing the toxic
 * closes the connections it applied to.
 */
final class TimeoutToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        if (chunk.isEnd()) {
            stage.forward(chunk);
        } else {
            stage.state().sinceNanos = System.nanoTime();
        }
    }

    @Override
    public long idleDeadline(ToxicStage stage) {
        long timeout = stage.toxic().attribute("timeout");
        if (timeout <= 0) {
            return ToxicStage.NEVER;
        }
        return stage.state().sinceNanos + ToxicBehaviour.millisToNanos(timeout);
    }

    @Override
    public void onIdleDeadline(ToxicStage stage) throws IOException {
        stage.close();
    }

    @Override
    public boolean closesOnRemoval() {
        return true;
    }
}
