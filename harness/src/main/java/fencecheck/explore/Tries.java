package fencecheck.explore;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.run.TraceRunner;
import fencecheck.run.QuietEnd;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The runners a depth's candidates are tried on: the caller's, and where the implementation allows, one more per
 * thread, each on a database of its own on the same server and with an instance of the implementation of its own.
 * Which runner tries which candidate changes nothing of its result: every try starts from empty tables and clock zero.
 */
final class Tries implements AutoCloseable {

    /** {@code -Dfencecheck.exhaustive.threads=N}: how many databases a depth is explored on at once (one per core by default). */
    static final String THREADS_PROPERTY = "fencecheck.exhaustive.threads";

    private final List<TraceRunner> runners = new ArrayList<>();
    private final Optional<String> whyOneThread;
    private final ExecutorService threads;

    /** @param threads how many runners to try on at once, from 1 */
    Tries(TraceRunner runner, int threads) {
        runners.add(runner);
        this.whyOneThread = threads == 1 ? Optional.empty() : whyOneThread(runner);
        if (threads > 1 && whyOneThread.isEmpty()) {
            SqlLeaseProtocol pack = (SqlLeaseProtocol) runner.protocol();
            for (int i = 2; i <= threads; i++) {
                Database own = runner.database().sibling("fencecheck_explore_" + i);
                runners.add(new TraceRunner(own, new SqlLeaseProtocol(pack.name(), pack.pack()), runner.throughFaultProxies(),
                        runner.conformance()));
            }
        }
        this.threads = runners.size() == 1 ? null
                : Executors.newFixedThreadPool(runners.size(), Thread.ofPlatform().name("fencecheck-explore-", 1).daemon().factory());
    }

    /** The threads given by {@value #THREADS_PROPERTY}, else one per core; a bad value is refused in one line. */
    static int configuredThreads() {
        String raw = System.getProperty(THREADS_PROPERTY);
        if (raw == null || raw.isBlank()) {
            return Runtime.getRuntime().availableProcessors();
        }
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= 1 && n <= 64) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + THREADS_PROPERTY + "=" + raw.strip()
                + " is not a number of threads from 1 to 64; give how many databases to explore on at once (one per core by default)");
    }

    /**
     * Why the runner's implementation is tried on one thread only, or empty when it may run on several: only a plain SQL
     * pack is known to keep nothing outside its database (a Java implementation may keep its clock in a static field),
     * and a second database is needed on the same server.
     */
    static Optional<String> whyOneThread(TraceRunner runner) {
        LeaseProtocol protocol = runner.protocol();
        if (protocol.getClass() != SqlLeaseProtocol.class) {
            return Optional.of(protocol.name() + " is a Java implementation, which may keep state outside its database");
        }
        try {
            runner.database().sibling("fencecheck_explore_2");
            return Optional.empty();
        } catch (UnsupportedOperationException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** How many runners try at once. */
    int threads() {
        return runners.size();
    }

    /** Why one runner only though more threads were asked for, or empty. */
    Optional<String> whyOneThreadOnly() {
        return whyOneThread;
    }

    /**
     * What trying a depth's candidates gave.
     *
     * @param results per candidate, its result, or null for one not run (a no-op, or at or after the cut)
     * @param cutAt   the first candidate the deadline stopped, or -1 when none was
     */
    record Tried(QuietEnd[] results, int cutAt) {
    }

    /**
     * Tries every candidate that is not null, in order on one thread, or taken in order by several; the first that
     * finds the deadline past is the cut, and no candidate after it is run (one already running finishes, and is not
     * counted). Every candidate before the cut is run, as on one thread.
     */
    Tried run(List<Trace> candidates, long deadline, LongSupplier nanoTime) {
        QuietEnd[] results = new QuietEnd[candidates.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger cutAt = new AtomicInteger(Integer.MAX_VALUE);
        AtomicBoolean stop = new AtomicBoolean();
        if (threads == null) {
            work(runners.getFirst(), candidates, results, next, cutAt, stop, deadline, nanoTime);
        } else {
            List<Future<?>> working = new ArrayList<>();
            for (TraceRunner runner : runners) {
                working.add(threads.submit(() -> work(runner, candidates, results, next, cutAt, stop, deadline, nanoTime)));
            }
            RuntimeException failed = null;
            for (Future<?> f : working) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    stop.set(true);
                    if (failed == null) {
                        failed = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    stop.set(true);
                    Thread.currentThread().interrupt();
                    failed = new IllegalStateException("interrupted while exploring", e);
                }
            }
            if (failed != null) {
                throw failed;
            }
        }
        int cut = cutAt.get();
        for (int i = cut == Integer.MAX_VALUE ? results.length : cut; i < results.length; i++) {
            results[i] = null;
        }
        return new Tried(results, cut == Integer.MAX_VALUE ? -1 : cut);
    }

    private static void work(TraceRunner runner, List<Trace> candidates, QuietEnd[] results, AtomicInteger next,
                             AtomicInteger cutAt, AtomicBoolean stop, long deadline, LongSupplier nanoTime) {
        try {
            while (!stop.get()) {
                int i = next.getAndIncrement();
                if (i >= candidates.size()) {
                    return;
                }
                Trace candidate = candidates.get(i);
                if (candidate == null) {
                    continue;
                }
                if (nanoTime.getAsLong() > deadline) {
                    cutAt.accumulateAndGet(i, Math::min);
                    stop.set(true);
                    return;
                }
                results[i] = runner.runToTheEnd(candidate);
            }
        } catch (RuntimeException e) {
            stop.set(true);
            throw e;
        }
    }

    /** Closes the runners it made; the caller's stays open. */
    @Override
    public void close() {
        if (threads != null) {
            threads.shutdownNow();
        }
        for (TraceRunner runner : runners.subList(1, runners.size())) {
            runner.close();
        }
    }
}
