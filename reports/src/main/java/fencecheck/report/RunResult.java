package fencecheck.report;

import fencecheck.check.Violation;
import fencecheck.db.Database;
import fencecheck.run.HistoryEntry;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.run.TryResult;
import fencecheck.run.Verdict;
import fencecheck.trace.Trace;

import java.util.List;
import java.util.Map;

/**
 * What one run of one property against one implementation produced: the
 * figures of the index row, the coverage statistics, the monitoring figures
 * and, when it failed, everything the failure page shows. Saved as one JSON
 * file per run; {@link #SCHEMA_VERSION} changes whenever a field changes
 * meaning, and a reader refuses other versions.
 *
 * @param property           the property, as {@code Class.method}
 * @param implementation     the implementation under test, by the name it is selected with
 * @param implementationNote what the implementation does differently from the reference (empty for the reference)
 * @param knownBuggyVariant  whether it is one of the harness's known-buggy variants, which must fail
 * @param startedAt          when the run started, ISO-8601 UTC
 * @param originalTraceSize  steps of the first failing (unshrunk) trace, or null when the run did not fail with a trace
 * @param statistics         how often each situation was reached, or null when the property does not report them
 * @param monitoring         the monitoring figures of the run, or null when it made no database operation
 * @param failure            null unless the run failed
 */
public record RunResult(
        int schemaVersion,
        String property,
        String implementation,
        String implementationNote,
        boolean knownBuggyVariant,
        DatabaseInfo database,
        Status status,
        int tries,
        int checks,
        String seed,
        String startedAt,
        long durationMillis,
        int shrinkingSteps,
        Integer originalTraceSize,
        Statistics statistics,
        OperationMetrics.Snapshot monitoring,
        Failure failure) {

    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        implementationNote = implementationNote == null ? "" : implementationNote;
    }

    public boolean failed() {
        return status != Status.PASSED;
    }

    public enum Status { PASSED, FAILED, ABORTED }

    /**
     * The database the run used.
     *
     * @param kind        {@code embedded}, {@code container} or {@code url}
     * @param description one line, e.g. {@code embedded PostgreSQL 18.1}
     * @param settings    fsync, synchronous_commit, server_version
     */
    public record DatabaseInfo(String kind, String description, Map<String, String> settings) {
        public DatabaseInfo {
            settings = settings == null ? Map.of() : Map.copyOf(settings);
        }

        public static DatabaseInfo unknown(String why) {
            return new DatabaseInfo("unknown", why, Map.of());
        }

        /** What {@code database} says of itself; a database that cannot be asked is described by the reason. */
        public static DatabaseInfo of(Database database) {
            try {
                return new DatabaseInfo(database.kind(), database.describe(), database.settings());
            } catch (RuntimeException e) {
                return new DatabaseInfo(database.kind(), database.kind() + " PostgreSQL (settings unreadable: " + e.getMessage() + ")", Map.of());
            }
        }
    }

    /**
     * How many of the counted tries reached each situation, and the share
     * below which the property fails for want of coverage.
     */
    public record Statistics(int tries, double floorPercent, List<SituationCount> situations) {
        public Statistics {
            situations = List.copyOf(situations);
        }

        public static Statistics of(int tries, double floorPercent, Map<Situation, Integer> counts) {
            return new Statistics(tries, floorPercent, java.util.Arrays.stream(Situation.values())
                    .map(s -> new SituationCount(s.name(), s.label(), counts.getOrDefault(s, 0)))
                    .toList());
        }
    }

    /** One situation: its name, its label, and the number of tries in which it happened. */
    public record SituationCount(String situation, String label, int tries) {
        public double percentOf(int total) {
            return total == 0 ? 0 : 100.0 * tries / total;
        }
    }

    /**
     * Why the run failed. With a trace: the verdict sentence, the shrunk trace
     * and the history of its replay. Without one (an error, a coverage check):
     * the message only, and {@code trace} and {@code history} are null.
     *
     * @param divergentStep the step where model and database first disagreed, or null
     * @param violations    the invariants the database's answers broke
     */
    public record Failure(
            String verdict,
            Integer divergentStep,
            List<Violation> violations,
            Trace trace,
            List<HistoryEntry> history,
            Reproduction reproduce) {

        public Failure {
            violations = violations == null ? List.of() : List.copyOf(violations);
        }

        public static Failure of(TryResult result, Reproduction reproduce) {
            Integer divergent = null;
            List<Violation> violations = List.of();
            switch (result.verdict()) {
                case Verdict.Diverged d -> {
                    divergent = d.at().step();
                    violations = d.violations();
                }
                case Verdict.InvariantBroken b -> violations = b.violations();
                case Verdict.Passed p -> {
                }
            }
            return new Failure(result.verdict().sentence(), divergent, violations, result.trace(), result.history(), reproduce);
        }

        public static Failure withoutTrace(String message, Reproduction reproduce) {
            return new Failure(message, null, List.of(), null, null, reproduce);
        }

        /** The step a reader should look at first: the divergent one, else the first broken invariant's. */
        public Integer failingStep() {
            if (divergentStep != null) {
                return divergentStep;
            }
            return violations.isEmpty() ? null : violations.get(0).step();
        }

        public HistoryEntry entryAt(Integer step) {
            if (step == null || history == null) {
                return null;
            }
            return history.stream().filter(e -> e.step() == step).findFirst().orElse(null);
        }
    }

    /**
     * How to reproduce the failure, as printed with it.
     *
     * @param traceFile     the saved shrunk trace, or null
     * @param replayCommand the command that replays {@code traceFile}, or null
     * @param rerunCommand  the command that re-runs the property with the seed, or null
     */
    public record Reproduction(String seed, String traceFile, String replayCommand, String rerunCommand) {
    }
}
