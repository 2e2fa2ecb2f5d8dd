package fencecheck.check;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The model checked on its own, without a database: every state the reference model and its judge reach from the
 * empty state within a number of steps, breadth first, each state expanded once. At every state and for every command
 * of the scope's alphabet ({@link ExplorationScope}) three things must hold:
 * <ol>
 *   <li>the reference's answer keeps invariants 1-4 over the history of the path that reached the state;</li>
 *   <li>the judge ({@code Admissible}) calls the reference's answer the reference's;</li>
 *   <li>every other answer the judge admits keeps invariants 1-4 too; the state it leaves is explored as well, since
 *       what follows an admitted answer is judged from what that answer told the caller.</li>
 * </ol>
 * Breadth first, the first finding lies on a shortest path to a failing step: its path is the counterexample, with no
 * shrinking. A state is the model's state with the clock taken as zero (only instants relative to now matter to the
 * rules) and what each worker believes it holds.
 */
public final class ModelExplorer {

    /** The judge of one observed answer: {@code Admissible#judge} for the reference. */
    @FunctionalInterface
    public interface Judge {
        Judgement judge(ProtocolState state, Command command, Outcome answer);
    }

    /** One step of a path: what was asked and what was answered. */
    public record Step(Command command, Outcome answer) {
    }

    /** What broke, and the shortest path to it (its last step is the failing one). */
    public record Finding(String problem, List<Step> path) {
    }

    /** What the exploration covered and found. {@code reached} counts the situations met on explored edges. */
    public record Report(int depth, long states, long edges, Map<ExplorationScope.Situation, Long> reached,
                         Optional<Finding> finding) {
    }

    private ModelExplorer() {
    }

    /** The reference model and its judge, explored within {@code scope}. */
    public static Report explore(ExplorationScope scope) {
        LeaseModel model = new LeaseModel(scope.config());
        Admissible judge = new Admissible(model);
        return explore(scope, model::step, judge::judge);
    }

    /**
     * {@code reference} and {@code judge} explored within {@code scope}: a test passes a mutated one to see it caught.
     * Stops at the first finding, which lies on a shortest path.
     */
    public static Report explore(ExplorationScope scope, BiFunction<ProtocolState, Command, Transition> reference, Judge judge) {
        ModelConfig config = scope.config();
        Node root = new Node(ExplorationScope.start(), null, null, 0);
        Set<ExplorationScope.Key> seen = new HashSet<>();
        seen.add(root.state().key());
        Deque<Node> frontier = new ArrayDeque<>();
        frontier.add(root);
        Map<ExplorationScope.Situation, Long> reached = new EnumMap<>(ExplorationScope.Situation.class);
        long states = 1;
        long edges = 0;
        while (!frontier.isEmpty()) {
            Node node = frontier.poll();
            if (node.depth() == scope.depth()) {
                continue;
            }
            List<Event> history = node.history();
            List<Stored> stored = node.stored();
            for (Command command : scope.commands(node.state())) {
                Transition expected = reference.apply(node.state().model(), command);
                Judgement ofReference = judge.judge(node.state().model(), command, expected.outcome());
                if (!ofReference.isReference()) {
                    return stop(scope, node, command, expected.outcome(), "the judge calls the reference's answer "
                            + ofReference.level().name().toLowerCase() + ": " + ofReference.difference(), states, edges, reached);
                }
                List<Outcome> answers = new ArrayList<>();
                answers.add(expected.outcome());
                for (Outcome other : scope.otherAnswers(node.state().model(), command)) {
                    if (!other.equals(expected.outcome())) {
                        answers.add(other);
                    }
                }
                for (Outcome answer : answers) {
                    boolean isReference = answer == expected.outcome();
                    Judgement judged = isReference ? ofReference : judge.judge(node.state().model(), command, answer);
                    if (judged.level() == Judgement.Level.UNSAFE) {
                        continue;
                    }
                    edges++;
                    List<Violation> broken = broken(history, stored, node, command, answer, judged.transition().next(), config);
                    if (!broken.isEmpty()) {
                        String how = isReference ? "the reference's answer breaks " : "an answer the judge admits ("
                                + judged.difference() + ") breaks ";
                        return stop(scope, node, command, answer, how + broken.stream()
                                .map(v -> v.invariant().title() + ": " + v.explanation()).collect(Collectors.joining("; ")),
                                states, edges, reached);
                    }
                    ExplorationScope.State next = node.state().after(command, answer, judged.transition().next());
                    scope.situations(node.state(), command, answer).forEach(s -> reached.merge(s, 1L, Long::sum));
                    if (!isReference) {
                        reached.merge(ExplorationScope.Situation.ADMITTED_OTHER_ANSWER, 1L, Long::sum);
                    }
                    if (seen.add(next.key())) {
                        states++;
                        frontier.add(new Node(next, node, new Step(command, answer), node.depth() + 1));
                    }
                }
            }
        }
        return new Report(scope.depth(), states, edges, reached, Optional.empty());
    }

    private static Report stop(ExplorationScope scope, Node node, Command command, Outcome answer, String problem,
                               long states, long edges, Map<ExplorationScope.Situation, Long> reached) {
        List<Step> path = new ArrayList<>(node.path());
        path.add(new Step(command, answer));
        return new Report(node.depth(), states, edges, reached, Optional.of(new Finding(problem, path)));
    }

    /** Invariants 1-4 over the path's history with one more event, and the rows the new state shows. */
    private static List<Violation> broken(List<Event> history, List<Stored> stored, Node node, Command command,
                                          Outcome answer, ProtocolState next, ModelConfig config) {
        List<Event> events = new ArrayList<>(history);
        events.add(new Event(events.size() + 1, node.state().model().now(), command, answer));
        List<Stored> rows = new ArrayList<>(stored);
        ExplorationScope.keyOf(command).ifPresent(key -> rows.add(new Stored(events.size(), key, next.key(key))));
        return Invariants.check(events, rows, config.boundary());
    }

    /** A state of the search, with the step that first reached it: its path is a shortest one. */
    private record Node(ExplorationScope.State state, Node parent, Step step, int depth) {

        List<Step> path() {
            List<Step> path = new ArrayList<>();
            for (Node n = this; n.step() != null; n = n.parent()) {
                path.add(0, n.step());
            }
            return path;
        }

        /** The path as the checkers read a history: each step at the instant it ran, numbered from 1. */
        List<Event> history() {
            List<Event> events = new ArrayList<>();
            List<Node> chain = chain();
            for (int i = 1; i < chain.size(); i++) {
                Node n = chain.get(i);
                events.add(new Event(i, chain.get(i - 1).state().model().now(), n.step().command(), n.step().answer()));
            }
            return events;
        }

        /** The rows of the key each step touched, after it. */
        List<Stored> stored() {
            List<Stored> stored = new ArrayList<>();
            List<Node> chain = chain();
            for (int i = 1; i < chain.size(); i++) {
                Node n = chain.get(i);
                int step = i;
                ExplorationScope.keyOf(n.step().command()).ifPresent(key -> stored.add(new Stored(step, key, n.state().model().key(key))));
            }
            return stored;
        }

        private List<Node> chain() {
            List<Node> chain = new ArrayList<>();
            for (Node n = this; n != null; n = n.parent()) {
                chain.add(0, n);
            }
            return chain;
        }
    }
}
