package fencecheck.faults.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One direction of one proxied connection. A reader thread reads the source
 * socket into stamped chunks; a writer thread takes them one by one through
 * the proxy's current toxics for this direction and writes what comes out to
 * the destination socket. Toxics added, updated or removed apply to the next
 * chunk, and wake any toxic waiting on a chunk now.
 *
 * <p>When the end of the stream reaches the destination, or the link is closed,
 * the destination socket is closed; the link of the other direction then sees
 * the end of its own source, so the whole connection closes, as with the real
 * server (which does not half-close).
 */
final class Link {

    private static final int READ_BUFFER_BYTES = 32 * 1024;
    private static final int MAX_PENDING_CHUNKS = 256;

    private final ProxyEndpoint proxy;
    private final Connection connection;
    private final Direction direction;
    private final Socket source;
    private final Socket destination;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled on a new chunk, a change of toxics, and close. */
    private final Condition wake = lock.newCondition();
    /** Signalled when the writer takes a chunk. */
    private final Condition room = lock.newCondition();
    private final ArrayDeque<Chunk> pending = new ArrayDeque<>();
    private long generation;
    private boolean closed;

    /** Per-toxic state by toxic id; used by the writer thread only. */
    private final Map<Long, ToxicState> states = new HashMap<>();

    Link(ProxyEndpoint proxy, Connection connection, Direction direction, Socket source, Socket destination) {
        this.proxy = proxy;
        this.connection = connection;
        this.direction = direction;
        this.source = source;
        this.destination = destination;
    }

    void start(String label) {
        Thread.ofVirtual().name(label + "-" + direction.wireName() + "-read").start(this::readLoop);
        Thread.ofVirtual().name(label + "-" + direction.wireName() + "-write").start(this::writeLoop);
    }

    /** Tells the link that the proxy's toxics for its direction changed. */
    void toxicsChanged() {
        lock.lock();
        try {
            generation++;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Stops the link and closes its destination socket; idempotent. */
    void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            pending.clear();
            wake.signalAll();
            room.signalAll();
        } finally {
            lock.unlock();
        }
        Connection.closeQuietly(destination);
        connection.linkClosed();
    }

    private void readLoop() {
        byte[] buffer = new byte[READ_BUFFER_BYTES];
        try {
            InputStream in = source.getInputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (n > 0 && !enqueue(Chunk.of(Arrays.copyOf(buffer, n)))) {
                    return;
                }
            }
        } catch (IOException e) {
            // the source is gone: the same as the end of its stream
        }
        enqueue(Chunk.end());
    }

    /** Queues a chunk for the writer, waiting for room; {@code false} once the link is closed. */
    private boolean enqueue(Chunk chunk) {
        lock.lock();
        try {
            while (!closed && !chunk.isEnd() && pending.size() >= MAX_PENDING_CHUNKS) {
                room.awaitUninterruptibly();
            }
            if (closed) {
                return false;
            }
            pending.add(chunk);
            wake.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void writeLoop() {
        try {
            while (true) {
                long seen = generation();
                List<Toxic> chain = proxy.toxics(direction);
                refreshStates(chain);
                Stage due = null;
                long deadline = ToxicStage.NEVER;
                for (int i = 0; i < chain.size(); i++) {
                    Toxic toxic = chain.get(i);
                    if (states.get(toxic.id()).active) {
                        Stage stage = new Stage(chain, i, toxic);
                        long idleDeadline = toxic.type().behaviour().idleDeadline(stage);
                        if (idleDeadline != ToxicStage.NEVER && (due == null || idleDeadline - deadline < 0)) {
                            due = stage;
                            deadline = idleDeadline;
                        }
                    }
                }
                if (due != null && System.nanoTime() - deadline >= 0) {
                    due.toxic().type().behaviour().onIdleDeadline(due);
                    continue;
                }
                Chunk chunk = awaitChunk(seen, deadline);
                if (chunk != null) {
                    new Stage(chain, -1, null).forward(chunk);
                }
            }
        } catch (IOException | Closed e) {
            // nothing more goes this way
        } finally {
            close();
        }
    }

    private long generation() {
        lock.lock();
        try {
            return generation;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next chunk; {@code null} when the toxics changed (so that the chunk
     * meets the new ones) or the deadline passed first.
     */
    private Chunk awaitChunk(long seenGeneration, long deadline) {
        lock.lock();
        try {
            while (true) {
                if (closed) {
                    throw Closed.INSTANCE;
                }
                if (generation != seenGeneration) {
                    return null;
                }
                Chunk chunk = pending.poll();
                if (chunk != null) {
                    room.signal();
                    return chunk;
                }
                if (!await(deadline)) {
                    return null;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits for a signal or the deadline, holding the lock; {@code false} when the deadline has passed. */
    private boolean await(long deadline) {
        if (deadline == ToxicStage.NEVER) {
            wake.awaitUninterruptibly();
            return true;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            wake.awaitNanos(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Closed.INSTANCE;
        }
        return true;
    }

    private void refreshStates(List<Toxic> chain) {
        Set<Long> present = new HashSet<>();
        for (Toxic toxic : chain) {
            stateOf(toxic);
            present.add(toxic.id());
        }
        states.keySet().retainAll(present);
    }

    /**
     * The toxic's state on this link. Whether it applies is drawn from its
     * toxicity when the link first meets it and again after each update.
     */
    private ToxicState stateOf(Toxic toxic) {
        ToxicState state = states.computeIfAbsent(toxic.id(), id -> new ToxicState());
        if (state.configuredAs != toxic) {
            state.configuredAs = toxic;
            state.active = toxic.toxicity() >= 1.0f || ThreadLocalRandom.current().nextFloat() < toxic.toxicity();
            state.sinceNanos = System.nanoTime();
        }
        return state;
    }

    private void deliver(Chunk chunk) throws IOException {
        if (chunk.isEnd()) {
            close();
            throw Closed.INSTANCE;
        }
        destination.getOutputStream().write(chunk.data());
    }

    /** The position of one toxic in the chain a chunk is going through ({@code index} -1: before the first). */
    private final class Stage implements ToxicStage {

        private final List<Toxic> chain;
        private final int index;
        private final Toxic toxic;

        Stage(List<Toxic> chain, int index, Toxic toxic) {
            this.chain = chain;
            this.index = index;
            this.toxic = toxic;
        }

        @Override
        public Toxic toxic() {
            return toxic;
        }

        @Override
        public ToxicState state() {
            return states.computeIfAbsent(toxic.id(), id -> new ToxicState());
        }

        @Override
        public void forward(Chunk chunk) throws IOException {
            for (int next = index + 1; next < chain.size(); next++) {
                Toxic current = proxy.currentToxic(direction, chain.get(next).id());
                if (current != null && stateOf(current).active) {
                    current.type().behaviour().onChunk(chunk, new Stage(chain, next, current));
                    return;
                }
            }
            deliver(chunk);
        }

        @Override
        public boolean sleepUntil(long deadlineNanos) {
            return sleep(deadlineNanos, true);
        }

        @Override
        public void pauseUntil(long deadlineNanos) {
            sleep(deadlineNanos, false);
        }

        private boolean sleep(long deadlineNanos, boolean wakeOnChange) {
            lock.lock();
            try {
                while (true) {
                    if (closed) {
                        throw Closed.INSTANCE;
                    }
                    if (wakeOnChange && !proxy.isCurrent(direction, toxic)) {
                        return false;
                    }
                    if (!await(deadlineNanos)) {
                        return true;
                    }
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void close() throws IOException {
            forward(Chunk.end());
        }

        @Override
        public void reset() throws IOException {
            connection.resetOnClose();
            forward(Chunk.end());
        }
    }

    /** Unwinds a thread of a closed link. */
    private static final class Closed extends RuntimeException {
        static final Closed INSTANCE = new Closed();

        private Closed() {
            super("link closed", null, false, false);
        }
    }
}
