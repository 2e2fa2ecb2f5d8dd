package fencecheck.realtime;

import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Acts on the workers at random moments: pauses one past its lease (it then writes with its
 * old token), loses the request or the answer of its next operation (when sessions go through
 * fault proxies), or restarts it: a new incarnation with a new owner id takes its place, and the
 * old one either dies or lives on as a zombie that wakes up later and acts on what it believed.
 */
final class Nemesis implements Runnable {

    private final RealTimeSettings settings;
    private final Recorder recorder;
    private final Random random;
    private final long deadlineNanos;
    private final List<Worker> live;
    /** Starts the next incarnation of a worker, given the one it replaces. */
    private final Function<Worker, Worker> restart;
    volatile Throwable failure;

    Nemesis(RealTimeSettings settings, Recorder recorder, long seed, long deadlineNanos, List<Worker> live, Function<Worker, Worker> restart) {
        this.settings = settings;
        this.recorder = recorder;
        this.random = new Random(seed);
        this.deadlineNanos = deadlineNanos;
        this.live = live;
        this.restart = restart;
    }

    @Override
    public void run() {
        try {
            int restarts = 0;
            int acts = 0;
            while (true) {
                long wait = (long) (-Math.log(1 - random.nextDouble()) * settings.nemesisMillis());
                Thread.sleep(Math.min(wait, 4 * settings.nemesisMillis()));
                if (System.nanoTime() > deadlineNanos - 200_000_000L) {
                    return;
                }
                int i = random.nextInt(live.size());
                Worker w = live.get(i);
                // every run opens with a holder paused past its lease, then a restart that leaves a zombie, so even a
                // short run reaches both; after that the nemesis picks at random
                acts++;
                int act = acts == 1 ? 0 : acts == 2 ? 99 : random.nextInt(100);
                if (act < 35) {
                    // a worker holding a lease, woken just after it ran out (before anyone took it over) or well after
                    List<Worker> holding = live.stream().filter(x -> x.holding).toList();
                    Worker paused = holding.isEmpty() ? w : holding.get(random.nextInt(holding.size()));
                    paused.pauseMillis = 1 + (random.nextInt(5) < 3 ? random.nextInt(3) : random.nextInt(150));
                } else if (act < 75 && settings.networkFaults()) {
                    WorkerSession.Lost what = random.nextBoolean() ? WorkerSession.Lost.REQUEST : WorkerSession.Lost.ANSWER;
                    w.lose = what;
                    recorder.mark(w.name, (what == WorkerSession.Lost.REQUEST ? "next request" : "next answer") + " will be lost");
                } else if (restarts < 3 * settings.workers()) {
                    restarts++;
                    boolean zombie = restarts == 1 || random.nextBoolean();
                    recorder.mark(w.name, zombie ? "restarted: lives on as a zombie" : "restarted: dead");
                    if (zombie) {
                        w.zombie = true;
                    } else {
                        w.stopped = true;
                    }
                    live.set(i, restart.apply(w));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure = e;
        }
    }
}
