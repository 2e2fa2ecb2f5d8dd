package fencecheck.faults.proxy;

import java.io.IOException;

/**
 * {@code limit_data}: lets {@code bytes} bytes through on the connection, then
 * closes it. The count survives updates of the toxic.
 */
final class LimitDataToxic implements ToxicBehaviour {

    @Override
    public void onChunk(Chunk chunk, ToxicStage stage) throws IOException {
        if (chunk.isEnd()) {
            stage.forward(chunk);
            return;
        }
        ToxicState state = stage.state();
        long limit = stage.toxic().attribute("bytes");
        long remaining = Math.max(0, limit - state.bytesPassed);
        Chunk allowed = chunk.size() > remaining ? chunk.slice(0, (int) remaining) : chunk;
        if (allowed.size() > 0) {
            stage.forward(allowed);
            state.bytesPassed += allowed.size();
        }
        if (limit - state.bytesPassed <= 0) {
            stage.close();
        }
    }
}
