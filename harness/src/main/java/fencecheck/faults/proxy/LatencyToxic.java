package fencecheck.faults.proxy;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code latency}: each chunk goes on {@code latency} ms (plus or minus a
 * random {@code jitter} ms) after it was read, so chunks in flight are delayed
 * side by side rather than one after another. A chunk waiting when the toxic
 * is updated or removed goes on at once.
 */
final class LatencyToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        if (chunk.isEnd()) {
            stage.forward(chunk);
            return;
        }
        long due = chunk.readAtNanos() + delayNanos(stage.toxic());
        if (stage.sleepUntil(due)) {
            stage.forward(chunk.readAt(due));
        } else {
            stage.forward(chunk);
        }
    }

    private static long delayNanos(Toxic toxic) {
        long delay = toxic.attribute("latency");
        long jitter = toxic.attribute("jitter");
        if (jitter > 0) {
            delay += ThreadLocalRandom.current().nextLong(2 * jitter) - jitter;
        }
        return ToxicBehaviour.millisToNanos(delay);
    }
}
