package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * {@code bandwidth}: lets {@code rate} KB/s (bytes per millisecond) through,
 * in slices of at most 100 ms worth of data. A rate of 0 stalls the data until
 * the toxic is updated or removed; a chunk held when that happens goes on at
 * once.
 */
final class BandwidthToxic implements ToxicBehaviour {

    private static final long SLICE_NANOS = 100_000_000L;

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        long rate = stage.toxic().attribute("rate");
        if (chunk.isEnd()) {
            stage.forward(chunk);
            return;
        }
        if (rate <= 0) {
            stage.sleepUntil(ToxicStage.NEVER);
            stage.forward(chunk);
            return;
        }
        long sliceBytes = rate > Integer.MAX_VALUE / 100 ? Integer.MAX_VALUE : rate * 100;
        int offset = 0;
        while (chunk.size() - offset > sliceBytes) {
            if (!stage.sleepUntil(System.nanoTime() + SLICE_NANOS)) {
                stage.forward(chunk.slice(offset, chunk.size()));
                return;
            }
            stage.forward(chunk.slice(offset, offset + (int) sliceBytes));
            offset += (int) sliceBytes;
        }
        long restNanos = (chunk.size() - offset) * 1_000_000L / rate;
        stage.sleepUntil(System.nanoTime() + restNanos);
        stage.forward(offset == 0 ? chunk : chunk.slice(offset, chunk.size()));
    }
}
