package fencecheck.check;

import fencecheck.api.Boundary;
import fencecheck.api.Outcome;
import fencecheck.model.Command;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A path of the {@link ModelExplorer} read back: the search keeps of each state only its parent and the edge (the
 * command's and the answer's places in their fixed orders) that first reached it, and the steps are found again by
 * replaying those edges from the empty state. Also the path as the history checkers read it.
 */
final class PathReplay {

    private final ExplorationScope scope;
    private final BiFunction<ProtocolState, Command, Transition> reference;
    private final ModelExplorer.Judge judge;

    PathReplay(ExplorationScope scope, BiFunction<ProtocolState, Command, Transition> reference, ModelExplorer.Judge judge) {
        this.scope = scope;
        this.reference = reference;
        this.judge = judge;
    }

    /** The steps from the empty state to state number {@code state} of {@code seen}: a shortest path to it. */
    List<ModelExplorer.Step> path(StateSet seen, int state) {
        List<Integer> edges = new ArrayList<>();
        for (int s = state; seen.parent(s) >= 0; s = seen.parent(s)) {
            edges.add(0, seen.edge(s));
        }
        List<ModelExplorer.Step> path = new ArrayList<>();
        ExplorationScope.State at = scope.start();
        for (int edge : edges) {
            Command command = scope.commands(at).get(edge >>> 4);
            Outcome expected = reference.apply(at.model(), command).outcome();
            Outcome answer = ModelExplorer.answers(scope, at.model(), command, expected).get(edge & 15);
            path.add(new ModelExplorer.Step(command, answer));
            at = at.after(command, answer, judge.judge(at.model(), command, answer).transition().next(), at.monitor(), scope.keys());
        }
        return path;
    }

    /** The violations {@link Invariants} finds at the last step of {@code path}, each step taking the state its judged answer leaves. */
    static List<Violation> violationsAtEnd(List<ModelExplorer.Step> path, ModelExplorer.Judge judge, Boundary boundary) {
        List<Event> events = new ArrayList<>();
        List<Stored> stored = new ArrayList<>();
        ProtocolState model = ProtocolState.at(0);
        for (ModelExplorer.Step step : path) {
            int number = events.size() + 1;
            events.add(new Event(number, model.now(), step.command(), step.answer()));
            model = judge.judge(model, step.command(), step.answer()).transition().next();
            ProtocolState after = model;
            ExplorationScope.keyOf(step.command()).ifPresent(key -> stored.add(new Stored(number, key, after.key(key))));
        }
        return Invariants.check(events, stored, boundary).stream().filter(v -> v.step() == path.size()).toList();
    }
}
