package fencecheck.check;

import fencecheck.api.KeyState;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The model checked on its own, without a database: every state the reference model and its judge reach from the
 * empty state within a number of steps, breadth first, each state expanded once. At every state and for every command
 * of the scope's alphabet ({@link ExplorationScope}) three things must hold:
 * <ol>
 *   <li>the reference's answer keeps invariants 1-4 over the path that reached the state;</li>
 *   <li>the judge ({@code Admissible}) calls the reference's answer the reference's;</li>
 *   <li>every other answer the judge admits keeps invariants 1-4 too; the state it leaves is explored as well, since
 *       what follows an admitted answer is judged from what that answer told the caller.</li>
 * </ol>
 * The invariants are kept step by step ({@link InvariantMonitor}), so a step costs the same at any depth; a state is
 * the model's state with the clock taken as zero, what each worker believes it holds and what the invariants remember,
 * compared by its exact encoding ({@link StateCodec}) under the scope's reduction. Breadth first, the first finding
 * lies at the end of a shortest path to a failing step: that path, read back from each state's parent and replayed, is
 * the counterexample, with no shrinking; its sentence is the history checkers' ({@link Invariants}).
 */
public final class ModelExplorer {

    /** The judge of one observed answer: {@code Admissible#judge} for the reference. */
    @FunctionalInterface
    public interface Judge {
        Judgement judge(ProtocolState state, Command command, Outcome answer);

        /** The same, for a caller that already has {@code stepped}, the reference's step of {@code command}. */
        default Judgement judge(ProtocolState state, Command command, Outcome answer, Transition stepped) {
            return judge(state, command, answer);
        }

        /**
         * {@code admissible} as a judge that does not step the model again for every answer to one command, nor word
         * the differences of the answers the search goes through (only the one it reports).
         */
        static Judge of(Admissible admissible) {
            Admissible quiet = admissible.quiet();
            return new Judge() {
                @Override
                public Judgement judge(ProtocolState state, Command command, Outcome answer) {
                    return admissible.judge(state, command, answer);
                }

                @Override
                public Judgement judge(ProtocolState state, Command command, Outcome answer, Transition stepped) {
                    return quiet.judge(state, command, answer, stepped);
                }
            };
        }
    }

    /** One step of a path: what was asked and what was answered. */
    public record Step(Command command, Outcome answer) {
    }

    /** What broke, and the shortest path to it (its last step is the failing one). */
    public record Finding(String problem, List<Step> path) {
    }

    /**
     * What the exploration covered and found.
     *
     * @param depth     the depth explored completely (that of the finding's state, when there is one)
     * @param states    the distinct states met, the empty one included
     * @param edges     the answers explored (the reference's and the admitted others)
     * @param perDepth  how many new states each depth added, from depth 0 (the empty state)
     * @param elapsed   the processor milliseconds of the exploring thread from the start to the end of each depth, from
     *                  depth 1 (on a machine shared with other work, wall time says little about the search)
     * @param reached   the situations met on explored edges
     * @param finding   the first failing step, on a shortest path
     */
    public record Report(int depth, long states, long edges, List<Long> perDepth, List<Long> elapsed,
                         Map<ExplorationScope.Situation, Long> reached, Optional<Finding> finding) {
    }

    private ModelExplorer() {
    }

    /** The reference model and its judge, explored within {@code scope}. */
    public static Report explore(ExplorationScope scope) {
        LeaseModel model = new LeaseModel(scope.config());
        return explore(scope, model::step, Judge.of(new Admissible(model)));
    }

    /**
     * {@code reference} and {@code judge} explored within {@code scope}: a test passes a mutated one to see it caught.
     * Stops at the first finding, which lies on a shortest path.
     */
    public static Report explore(ExplorationScope scope, BiFunction<ProtocolState, Command, Transition> reference, Judge judge) {
        return new Search(scope, reference, judge).run();
    }

    /** The answers tried for {@code command}: the reference's first, then every other candidate, in a fixed order. */
    static List<Outcome> answers(ExplorationScope scope, ProtocolState model, Command command, Outcome expected) {
        List<Outcome> answers = new ArrayList<>(8);
        answers.add(expected);
        for (Outcome other : scope.otherAnswers(model, command)) {
            if (!other.equals(expected)) {
                answers.add(other);
            }
        }
        return answers;
    }

    private static final class Search {

        private final ExplorationScope scope;
        private final BiFunction<ProtocolState, Command, Transition> reference;
        private final Judge judge;
        private final StateCodec codec;
        private final StateSet seen = new StateSet();
        private final long[] reached = new long[ExplorationScope.Situation.values().length];
        private final List<Long> perDepth = new ArrayList<>();
        private final List<Long> elapsed = new ArrayList<>();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final long started = threads.getCurrentThreadCpuTime();
        private long edges;

        Search(ExplorationScope scope, BiFunction<ProtocolState, Command, Transition> reference, Judge judge) {
            this.scope = scope;
            this.reference = reference;
            this.judge = judge;
            this.codec = new StateCodec(scope);
        }

        /** A state of the frontier and its number in {@link #seen}. */
        private record Node(ExplorationScope.State state, int id) {
        }

        Report run() {
            ExplorationScope.State root = scope.start();
            List<Node> level = new ArrayList<>(List.of(new Node(root, seen.add(codec.encode(root), codec.length(), -1, -1))));
            perDepth.add(1L);
            for (int depth = 0; depth < scope.depth(); depth++) {
                boolean last = depth + 1 == scope.depth();
                List<Node> next = new ArrayList<>();
                int before = seen.size();
                for (int i = 0; i < level.size(); i++) {
                    Node node = level.get(i);
                    level.set(i, null);
                    Optional<Finding> finding = expand(node, last, next);
                    if (finding.isPresent()) {
                        return report(depth, finding);
                    }
                }
                perDepth.add((long) (seen.size() - before));
                elapsed.add((threads.getCurrentThreadCpuTime() - started) / 1_000_000);
                level = next;
            }
            return report(scope.depth(), Optional.empty());
        }

        /** Every command and every answer at {@code node}; the new states go to {@code next} unless at the last depth. */
        private Optional<Finding> expand(Node node, boolean last, List<Node> next) {
            ExplorationScope.State state = node.state();
            ProtocolState model = state.model();
            List<Command> commands = scope.commands(state);
            for (int c = 0; c < commands.size(); c++) {
                Command command = commands.get(c);
                Transition expected = reference.apply(model, command);
                Judgement ofReference = judge.judge(model, command, expected.outcome(), expected);
                if (!ofReference.isReference()) {
                    Judgement worded = judge.judge(model, command, expected.outcome());
                    return Optional.of(finding(node.id(), new Step(command, expected.outcome()), "the judge calls the"
                            + " reference's answer " + worded.level().name().toLowerCase() + ": " + worded.difference()));
                }
                int key = ExplorationScope.keyIndexOf(command);
                int worker = ExplorationScope.workerIndexOf(command);
                String keyName = key < 0 ? null : ExplorationScope.key(key);
                KeyState before = key < 0 ? null : model.key(keyName);
                List<Outcome> answers = answers(scope, model, command, expected.outcome());
                if (answers.size() > 16) {
                    throw new IllegalStateException("an edge keeps an answer's place in 4 bits, not " + answers.size());
                }
                for (int a = 0; a < answers.size(); a++) {
                    Outcome answer = answers.get(a);
                    Judgement judged = a == 0 ? ofReference : judge.judge(model, command, answer, expected);
                    if (judged.level() == Judgement.Level.UNSAFE) {
                        continue;
                    }
                    edges++;
                    ProtocolState after = judged.transition().next();
                    KeyState rows = key < 0 ? null : after == model ? before : after.key(keyName);
                    InvariantMonitor.After kept = state.monitor().after(command, answer, model.now(), key, worker,
                            before, rows, scope.config().boundary());
                    if (kept.broken()) {
                        return Optional.of(finding(node.id(), new Step(command, answer), (a == 0 ? "the reference's answer"
                                : "an answer the judge admits (" + judge.judge(model, command, answer).difference() + ")") + " breaks "));
                    }
                    scope.count(before, model.now(), command, answer, reached);
                    if (a != 0) {
                        reached[ExplorationScope.Situation.ADMITTED_OTHER_ANSWER.ordinal()]++;
                    }
                    ExplorationScope.State following = state.after(command, answer, after, kept.monitor(), scope.keys());
                    if (following.model() == model && following.beliefs() == state.beliefs() && following.monitor() == state.monitor()) {
                        continue; // the answer left everything as it was (a refusal): a loop, nothing to encode
                    }
                    int id = seen.add(codec.encode(following), codec.length(), node.id(), c << 4 | a);
                    if (id >= 0 && !last) {
                        next.add(new Node(following, id));
                    }
                }
            }
            return Optional.empty();
        }

        /** The shortest path to {@code state}, then {@code failing}; a broken invariant is told in the checkers' words. */
        private Finding finding(int state, Step failing, String problem) {
            List<Step> path = new PathReplay(scope, reference, judge).path(seen, state);
            path.add(failing);
            if (problem.endsWith(" breaks ")) {
                List<Violation> broken = PathReplay.violationsAtEnd(path, judge, scope.config().boundary());
                problem += broken.isEmpty() ? "an invariant step by step that the history's checkers find kept (the two disagree)"
                        : broken.stream().map(v -> v.invariant().title() + ": " + v.explanation()).collect(Collectors.joining("; "));
            }
            return new Finding(problem, path);
        }

        private Report report(int depth, Optional<Finding> finding) {
            Map<ExplorationScope.Situation, Long> met = new EnumMap<>(ExplorationScope.Situation.class);
            for (ExplorationScope.Situation s : ExplorationScope.Situation.values()) {
                if (reached[s.ordinal()] > 0) {
                    met.put(s, reached[s.ordinal()]);
                }
            }
            return new Report(depth, seen.size(), edges, List.copyOf(perDepth), List.copyOf(elapsed), met, finding);
        }
    }
}
