package fencecheck.properties;

import fencecheck.api.SinkKind;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.TokenSource;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.ArrayList;
import java.util.List;

/**
 * Traces of the failover property: the standby sometimes stopped or its replay held first (so that it lags behind
 * the primary), lease fragments, one failover placed where a lost commit would matter most, then more fragments.
 * The failover comes right after an acknowledged grant or fenced write, often with a holder's transaction open
 * (it wrote under its token) and another worker's takeover waiting for it; after it, that worker acquires again.
 */
final class FailoverTraces {

    private FailoverTraces() {
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<List<Step>> oneFailover() {
        Arbitrary<List<Step>> lag = Arbitraries.frequencyOf(
                Tuple.of(1, Arbitraries.just(List.<Step>of())),
                Tuple.of(1, Arbitraries.just(List.of(Step.nemesis(new Action.StopStandby())))),
                Tuple.of(1, Arbitraries.just(List.of(Step.nemesis(new Action.HoldReplay())))),
                Tuple.of(1, takeoverBehindAHeldReplay()));
        Arbitrary<List<List<Step>>> before = Traces.fragment().list().ofMaxSize(3);
        Arbitrary<List<List<Step>>> after = Traces.fragment().list().ofMaxSize(3);
        return Combinators.combine(lag, before, failoverAmidWork(), after).as((l, b, failover, a) -> {
            List<Step> steps = new ArrayList<>(l);
            b.forEach(steps::addAll);
            steps.addAll(failover);
            a.forEach(steps::addAll);
            return List.copyOf(steps);
        });
    }

    /**
     * A holder's grant reaches the standby, which then stops replaying; the lease runs out, another worker takes
     * over, and the superseded holder writes to the fenced sink: a read on the standby still shows its grant.
     */
    static Arbitrary<List<Step>> takeoverBehindAHeldReplay() {
        return Combinators.combine(Traces.holderAndOther(), Traces.key()).as((pair, k) -> List.of(
                Step.worker(pair[0], new Action.Acquire(k)),
                Step.nemesis(new Action.HoldReplay()),
                Step.clock(new Action.AdvanceToExpiry(k, 1)),
                Step.worker(pair[1], new Action.Acquire(k)),
                Step.worker(pair[0], new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "done"))));
    }

    /**
     * A grant, sometimes a fenced write with it (committed at once), then mostly a transaction of the holder's that
     * writes under its token, often with another worker's takeover waiting for it; then the failover, and (3 times in
     * 4) the other worker's acquire. The clock first passes any earlier lease of the key, so the grant is given.
     */
    static Arbitrary<List<Step>> failoverAmidWork() {
        Arbitrary<Boolean> fencedWrite = Arbitraries.of(true, false);
        Arbitrary<Boolean> jobOpen = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        Arbitrary<Boolean> takeoverWaits = Arbitraries.frequency(Tuple.of(4, true), Tuple.of(1, false));
        Arbitrary<Boolean> acquireAfter = Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false));
        return Combinators.combine(Traces.holderAndOther(), Traces.key(), fencedWrite, jobOpen, takeoverWaits,
                        JobTraces.writeInTransaction(), acquireAfter)
                .as((pair, k, fenced, job, waits, inJob, again) -> {
                    List<Step> steps = new ArrayList<>();
                    steps.add(Step.clock(new Action.AdvanceToExpiry(k, 1)));
                    steps.add(Step.worker(pair[0], new Action.Acquire(k)));
                    if (fenced) {
                        steps.add(Step.worker(pair[0], new Action.Write(SinkKind.CURRENT_FENCE, TokenSource.HELD, "r1", "done")));
                    }
                    if (job) {
                        steps.add(Step.worker(pair[0], new Action.Begin()));
                        steps.add(Step.worker(pair[0], new Action.Write(inJob.sink(), inJob.token(), "r2", inJob.payload())));
                        if (waits) {
                            steps.add(Step.clock(new Action.AdvanceToExpiry(k, 1)));
                            steps.add(Step.worker(pair[1], new Action.Acquire(k)));
                        }
                    }
                    steps.add(Step.nemesis(new Action.Failover()));
                    if (job) {
                        // the holder's transaction went with the failover: its commit finds nothing open
                        steps.add(Step.worker(pair[0], new Action.Commit()));
                    }
                    if (again) {
                        steps.add(Step.worker(pair[1], new Action.Acquire(k)));
                    }
                    return List.copyOf(steps);
                });
    }
}
