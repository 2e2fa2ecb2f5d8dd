package fencecheck.faults.proxy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code slicer}: cuts each chunk into pieces of about {@code average_size}
 * bytes (plus or minus {@code size_variation}) and sends them {@code delay}
 * microseconds apart.
 */
final class SlicerToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        if (chunk.isEnd()) {
            stage.forward(chunk);
            return;
        }
        Toxic toxic = stage.toxic();
        long average = Math.max(1, toxic.attribute("average_size"));
        long variation = Math.max(0, toxic.attribute("size_variation"));
        long delayNanos = Math.min(Math.max(0, toxic.attribute("delay")), ToxicBehaviour.MAX_MILLIS) * 1_000L;
        List<Integer> cuts = new ArrayList<>();
        cut(0, chunk.size(), average, variation, cuts);
        int from = 0;
        for (int to : cuts) {
            stage.forward(chunk.slice(from, to));
            from = to;
            if (from < chunk.size() && !stage.sleepUntil(System.nanoTime() + delayNanos)) {
                stage.forward(chunk.slice(from, chunk.size()));
                return;
            }
        }
    }

    /** Adds to {@code cuts} the end of each piece of [start, end), halving pieces until they are small enough. */
    private static void cut(int start, int end, long average, long variation, List<Integer> cuts) {
        if (end - start - average <= variation || end - start < 2) {
            cuts.add(end);
            return;
        }
        int middle = start + (end - start) / 2;
        if (variation > 0) {
            middle += (int) (ThreadLocalRandom.current().nextLong(2 * variation) - variation);
        }
        middle = Math.max(start + 1, Math.min(end - 1, middle));
        cut(start, middle, average, variation, cuts);
        cut(middle, end, average, variation, cuts);
    }
}
