package fencecheck.findings;

import fencecheck.trace.Action;
import fencecheck.trace.Step;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The changes to a whole trace the shrinker tries when deleting and simplifying steps one by one is stuck. */
class ReshapesTest {

    @Test
    void resolvingAZombieDropsItsRestartAndItsResumeAndGivesItsStepsToTheWorker() {
        List<Step> steps = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Restart("w1", true)),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.nemesis(new Action.Resume("z1")),
                Step.zombie(1, new Action.Renew()),
                Step.nemesis(new Action.Restart("w1", true)),
                Step.zombie(1, new Action.Release()));

        assertThat(Reshapes.withoutZombies(steps)).first().isEqualTo(List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceToExpiry("K1", 1)),
                Step.worker(1, new Action.Renew()),
                // a later restart leaves a zombie of its own
                Step.nemesis(new Action.Restart("w1", true)),
                Step.zombie(1, new Action.Release())));
    }

    @Test
    void aWorkerMovesToTheLowestFreeSlotWithItsZombieAndTheFaultsAimedAtIt() {
        List<Step> steps = List.of(
                Step.worker(3, new Action.Acquire("K1")),
                Step.nemesis(new Action.Restart("w3", true)),
                Step.zombie(3, new Action.Renew()),
                Step.worker(2, new Action.Acquire("K1")));

        assertThat(Reshapes.withLowerWorkers(steps)).as("the lower slots first").containsExactly(
                List.of(Step.worker(3, new Action.Acquire("K1")),
                        Step.nemesis(new Action.Restart("w3", true)),
                        Step.zombie(3, new Action.Renew()),
                        Step.worker(1, new Action.Acquire("K1"))),
                List.of(Step.worker(1, new Action.Acquire("K1")),
                        Step.nemesis(new Action.Restart("w1", true)),
                        Step.zombie(1, new Action.Renew()),
                        Step.worker(2, new Action.Acquire("K1"))));
    }

    @Test
    void twoWorkersMergeWithTheirZombiesAndTheFaultsAimedAtThem() {
        List<Step> steps = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.nemesis(new Action.Pause("w2")),
                Step.worker(2, new Action.Renew()));

        assertThat(Reshapes.withWorkersMerged(steps)).containsExactly(
                List.of(Step.worker(2, new Action.Acquire("K1")), Step.nemesis(new Action.Pause("w2")), Step.worker(2, new Action.Renew())),
                List.of(Step.worker(1, new Action.Acquire("K1")), Step.nemesis(new Action.Pause("w1")), Step.worker(1, new Action.Renew())));
    }

    @Test
    void aStepDoneByEachOtherActorOfTheTrace() {
        List<Step> steps = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.zombie(3, new Action.Renew()),
                Step.worker(2, new Action.Release()));

        assertThat(Reshapes.byOtherActors(steps, 2)).containsExactly(
                new Step("w1", new Action.Release()), new Step("z3", new Action.Release()));
        assertThat(Reshapes.byOtherActors(List.of(Step.clock(new Action.AdvanceBy(5))), 0)).as("only a worker's statements").isEmpty();
    }

    @Test
    void aTransactionGoesWholeWithTheFaultsAimedAtItsWorkerWhileItIsOpen() {
        List<Step> steps = List.of(
                Step.worker(1, new Action.Begin()),
                Step.worker(2, new Action.Acquire("K1")),
                Step.worker(1, new Action.Claim()),
                Step.nemesis(new Action.Pause("w1")),
                Step.nemesis(new Action.Pause("w2")),
                Step.worker(1, new Action.Commit()),
                Step.worker(1, new Action.Renew()),
                Step.worker(2, new Action.Begin()));

        assertThat(Reshapes.withoutATransaction(steps)).containsExactly(
                List.of(Step.worker(2, new Action.Acquire("K1")), Step.nemesis(new Action.Pause("w2")),
                        Step.worker(1, new Action.Renew()), Step.worker(2, new Action.Begin())),
                // one never closed goes to the end
                steps.subList(0, 7));
    }

    @Test
    void aRunOfOneActorsStepsMovesToEveryOtherPlaceBetweenRunsLaterFirstEachOrderOnce() {
        Step a1 = Step.worker(1, new Action.Begin());
        Step a2 = Step.worker(1, new Action.Commit());
        Step clock = Step.clock(new Action.AdvanceBy(5));
        Step b = Step.worker(2, new Action.Acquire("K1"));
        List<Step> steps = List.of(a1, a2, clock, b);

        List<List<Step>> moved = Reshapes.withARunMoved(steps);

        assertThat(moved).containsExactly(
                List.of(clock, b, a1, a2),
                List.of(clock, a1, a2, b),
                List.of(a1, a2, b, clock),
                List.of(b, a1, a2, clock));
        assertThat(moved).allSatisfy(candidate -> assertThat(candidate).containsExactlyInAnyOrderElementsOf(steps));
    }

    @Test
    void twoWorkersSwapNamesFromEachStepEitherDoesOn() {
        List<Step> steps = List.of(
                Step.worker(1, new Action.Acquire("K1")),
                Step.clock(new Action.AdvanceBy(5)),
                Step.nemesis(new Action.Pause("w2")),
                Step.zombie(1, new Action.Renew()));

        assertThat(Reshapes.withWorkersSwappedFrom(steps)).containsExactly(
                List.of(steps.get(0), steps.get(1), Step.nemesis(new Action.Pause("w1")), Step.zombie(2, new Action.Renew())),
                List.of(steps.get(0), steps.get(1), steps.get(2), Step.zombie(2, new Action.Renew())));
    }
}
