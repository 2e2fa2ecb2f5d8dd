package fencecheck.report;

import fencecheck.api.Check;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.Violation;
import fencecheck.db.Database;
import fencecheck.findings.Severity;
import fencecheck.run.HistoryEntry;
import fencecheck.run.ModelState;
import fencecheck.run.OperationMetrics;
import fencecheck.run.Situation;
import fencecheck.run.TryResult;
import fencecheck.shard.Shard;
import fencecheck.trace.Trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What one run of one property against one implementation produced: the
 * figures of the index row, the coverage statistics, the monitoring figures
 * and, when it failed, everything the failure page shows. Saved as one JSON
 * file per run; {@link #SCHEMA_VERSION} changes whenever a field is added or
 * changes meaning, and a reader refuses versions it cannot read.
 *
 * @param property           the property, as {@code Class.method}
 * @param implementation     the implementation under test, by the name it is selected with
 * @param implementationNote what the implementation does differently from the reference (empty for the reference)
 * @param knownBuggyVariant  whether it is one of the harness's built-in known-buggy variants and this property declares it
 *                           catches it (never a user's implementation, whatever its description says)
 * @param startedAt          when the run started, ISO-8601 UTC
 * @param originalTraceSize  steps of the first failing (unshrunk) trace, or null when the run did not fail with a trace
 * @param statistics         how often each situation was reached, or null when the property does not report them
 * @param monitoring         the monitoring figures of the run, or null when it made no database operation
 * @param failure            null unless the run failed; with findings, the first (the most severe)
 * @param moreFindings       the run's other findings, in the order they are reported (most severe first)
 * @param findingsNotShrunk  kinds found beyond those shrunk, with how often they were found
 * @param notes              under safety conformance, the kinds of answer that differ from the reference's but break
 *                           no guarantee, each with a shrunk trace that shows it; they never fail the run
 * @param examinedBy         the test of fencecheck's own that ran this property inside it and judges its outcome (with
 *                           {@code knownBuggyVariant}: it must be caught), or null for a run the build itself counts
 * @param shard              which shard of a run split over several machines ({@code -Dfencecheck.shard=i/n}), or null
 * @param exhaustive         what an exhaustive run covered, by depth, or null for a run of another mode
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
        Failure failure,
        List<Failure> moreFindings,
        List<FindingFacts> findingsNotShrunk,
        List<Note> notes,
        String examinedBy,
        Shard shard,
        ExhaustiveFacts exhaustive) {

    /**
     * Version 8: a run may carry its {@code shard} (i of n) and, in exhaustive mode, its {@code exhaustive} facts (each
     * depth's completion and states; a shard's, the hashes of its states). Version 7: a finding's severity may be {@code error} (an implementation error), and a real-time failure may carry
     * its {@link FindingFacts} (a real-time run lists every distinct finding). Version 6: a real-time failure carries
     * its {@code severity}. Version 5: a failover's history entry carries its {@code failover} facts (the servers, the
     * replication setting, the steps whose commits it lost). Version 4: a run lists every distinct finding
     * ({@code failure}, then {@code moreFindings}), each with its {@link FindingFacts}. Version 3: one trace language
     * and one history for lease and job failures.
     */
    public static final int SCHEMA_VERSION = 8;

    /**
     * The oldest version still read: a version 4 file is a version 5 file without failover facts (its failovers are
     * drawn as database crashes, as they were then), and a version 5 file a version 6 file whose real-time failures
     * have no severity (the verdict counts them apart); a version 6 file is a version 7 file without implementation errors,
     * and a version 7 file a version 8 file of a run neither sharded nor exhaustive.
     */
    public static final int OLDEST_READABLE_VERSION = 4;

    public RunResult {
        implementationNote = implementationNote == null ? "" : implementationNote;
        moreFindings = moreFindings == null ? List.of() : List.copyOf(moreFindings);
        findingsNotShrunk = findingsNotShrunk == null ? List.of() : List.copyOf(findingsNotShrunk);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** A run neither sharded nor exhaustive. */
    public RunResult(int schemaVersion, String property, String implementation, String implementationNote, boolean knownBuggyVariant,
                     DatabaseInfo database, Status status, int tries, int checks, String seed, String startedAt, long durationMillis,
                     int shrinkingSteps, Integer originalTraceSize, Statistics statistics, OperationMetrics.Snapshot monitoring,
                     Failure failure, List<Failure> moreFindings, List<FindingFacts> findingsNotShrunk, List<Note> notes,
                     String examinedBy) {
        this(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries, checks, seed,
                startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, notes, examinedBy, null, null);
    }

    /** The same run, as shard {@code of} a run split over several machines (null: not split). */
    public RunResult withShard(Shard of) {
        return new RunResult(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries,
                checks, seed, startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, notes, examinedBy, of, exhaustive);
    }

    /** The same run with what its exhaustive exploration covered. */
    public RunResult withExhaustive(ExhaustiveFacts facts) {
        return new RunResult(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries,
                checks, seed, startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, notes, examinedBy, shard, facts);
    }

    /** A run the build itself counts (not one examined by a test of fencecheck's own). */
    public RunResult(int schemaVersion, String property, String implementation, String implementationNote, boolean knownBuggyVariant,
                     DatabaseInfo database, Status status, int tries, int checks, String seed, String startedAt, long durationMillis,
                     int shrinkingSteps, Integer originalTraceSize, Statistics statistics, OperationMetrics.Snapshot monitoring,
                     Failure failure, List<Failure> moreFindings, List<FindingFacts> findingsNotShrunk, List<Note> notes) {
        this(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries, checks, seed,
                startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, notes, null);
    }

    /** The same run, as examined by {@code test} (a test of fencecheck's own that ran it inside itself). */
    public RunResult examinedBy(String test) {
        return new RunResult(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries,
                checks, seed, startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, notes, test, shard, exhaustive);
    }

    /** A run without conformance notes. */
    public RunResult(int schemaVersion, String property, String implementation, String implementationNote, boolean knownBuggyVariant,
                     DatabaseInfo database, Status status, int tries, int checks, String seed, String startedAt, long durationMillis,
                     int shrinkingSteps, Integer originalTraceSize, Statistics statistics, OperationMetrics.Snapshot monitoring,
                     Failure failure, List<Failure> moreFindings, List<FindingFacts> findingsNotShrunk) {
        this(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries, checks, seed,
                startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, moreFindings,
                findingsNotShrunk, List.of());
    }

    /**
     * A conformance note: an answer (or rows) the reference would not give, which breaks no guarantee.
     *
     * @param kind       the operation and the difference, without the values of the try that showed it
     * @param difference the first such difference of the shrunk trace, in words
     * @param step       the step of the shrunk trace it is at (in real time: the operation's id)
     * @param steps      the shrunk trace's length (in real time: the saved history's operations)
     * @param trace      the shrunk trace's file, from the project's root (in real time: the history's)
     * @param replay     the command that replays it; null in real time, whose histories cannot be replayed
     */
    public record Note(String kind, String difference, int step, int steps, String trace, String replay) {

        /** The kind of a scheduler cluster's note: two runs of one job that overlapped. */
        public static final String OVERLAPPING_RUNS = "overlapping runs";

        /** Whether it is a scheduler cluster's note (runs that overlapped), not an answer the reference would not give. */
        public boolean ofACluster() {
            return OVERLAPPING_RUNS.equals(kind);
        }
    }

    /** A run with one failure at most: an error, a coverage floor, a real-time history, or a single finding. */
    public RunResult(int schemaVersion, String property, String implementation, String implementationNote, boolean knownBuggyVariant,
                     DatabaseInfo database, Status status, int tries, int checks, String seed, String startedAt, long durationMillis,
                     int shrinkingSteps, Integer originalTraceSize, Statistics statistics, OperationMetrics.Snapshot monitoring,
                     Failure failure) {
        this(schemaVersion, property, implementation, implementationNote, knownBuggyVariant, database, status, tries, checks, seed,
                startedAt, durationMillis, shrinkingSteps, originalTraceSize, statistics, monitoring, failure, List.of(), List.of(), List.of());
    }

    /** Every finding with a page of its own: {@code failure}, then {@code moreFindings}; empty when the run passed. */
    public List<Failure> findings() {
        if (failure == null) {
            return List.of();
        }
        List<Failure> all = new ArrayList<>(List.of(failure));
        all.addAll(moreFindings);
        return List.copyOf(all);
    }

    /** Whether it failed or was aborted; a run that passed or was not applicable did not. */
    public boolean failed() {
        return status == Status.FAILED || status == Status.ABORTED;
    }

    /**
     * How the run ended. {@code NOT_APPLICABLE}: refused before its first try because it cannot run in this setting
     * (a database-crash property on a database fencecheck did not start); no tries, the reason in the database's
     * description. It neither passes nor fails, and the verdict says it did not run.
     */
    public enum Status { PASSED, FAILED, ABORTED, NOT_APPLICABLE }

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
     * How many of the counted tries reached each situation.
     *
     * @param floorPercent the floor the property declares for its own situations
     * @param judged       whether the property ran long enough for its floors to be judged: false when
     *                     it stopped at a failing try before its tries were done (jqwik checks coverage
     *                     only after the last try)
     */
    public record Statistics(int tries, double floorPercent, boolean judged, List<SituationCount> situations) {
        public Statistics {
            situations = List.copyOf(situations);
        }

        /** Counts of every situation over {@code tries} tries; those of {@code group} carry the floor, the others none. */
        public static Statistics of(int tries, double floorPercent, Check group, boolean judged,
                                    Map<Situation, Integer> counts) {
            return of(tries, floorPercent, group == null ? List.of() : Situation.of(group), judged, counts);
        }

        /** Counts of every situation over {@code tries} tries; those of {@code floored} carry the floor, the others none. */
        public static Statistics of(int tries, double floorPercent, Collection<Situation> floored, boolean judged,
                                    Map<Situation, Integer> counts) {
            return new Statistics(tries, floorPercent, judged, Arrays.stream(Situation.values())
                    .map(s -> new SituationCount(s.name(), s.label(), counts.getOrDefault(s, 0),
                            floored.contains(s) ? floorPercent : null))
                    .toList());
        }
    }

    /**
     * One situation: its name, its label, the number of tries in which it happened,
     * and the floor the property declares for it (null: counted, but no floor declared).
     */
    public record SituationCount(String situation, String label, int tries, Double floorPercent) {
        public double percentOf(int total) {
            return total == 0 ? 0 : 100.0 * tries / total;
        }

        /** Whether this situation has a declared floor and, over {@code total} tries, fell below it. */
        public boolean belowFloor(int total) {
            return floorPercent != null && total > 0 && percentOf(total) < floorPercent;
        }
    }

    /**
     * Why the run failed. With a trace: the verdict sentence, the shrunk trace
     * and the history of its replay. Without one (an error, a coverage check):
     * the message only, and {@code trace} and {@code history} are null.
     *
     * @param divergentStep the step where model and database first disagreed, or null
     * @param violations    the invariants the database's answers broke (in a real-time failure, {@code step} is the operation)
     * @param realTime      a real-time failure's shrunk history, or null for a lock-step failure
     * @param finding       what kind of finding it is and how it was shrunk, or null for a failure that is not one of
     *                      a lock-step property's findings (an error, a coverage floor, a real-time history)
     * @param modelStates   the model's state after each step of the shrunk try, as the harness kept it (empty in a
     *                      result written before it was kept, and for a failure without a trace)
     */
    public record Failure(
            String verdict,
            Integer divergentStep,
            List<Violation> violations,
            Trace trace,
            List<HistoryEntry> history,
            Reproduction reproduce,
            RealTime realTime,
            FindingFacts finding,
            List<ModelState> modelStates) {

        public Failure {
            violations = violations == null ? List.of() : List.copyOf(violations);
            modelStates = modelStates == null ? List.of() : List.copyOf(modelStates);
        }

        /** A failure whose model states were not kept. */
        public Failure(String verdict, Integer divergentStep, List<Violation> violations, Trace trace, List<HistoryEntry> history,
                       Reproduction reproduce, RealTime realTime, FindingFacts finding) {
            this(verdict, divergentStep, violations, trace, history, reproduce, realTime, finding, List.of());
        }

        /** The model's state after {@code step}, or null when it was not kept. */
        public ModelState modelStateAfter(Integer step) {
            if (step == null) {
                return null;
            }
            return modelStates.stream().filter(m -> m.step() == step).findFirst().orElse(null);
        }

        /** A lock-step failure (or one without a trace). */
        public Failure(String verdict, Integer divergentStep, List<Violation> violations, Trace trace, List<HistoryEntry> history,
                       Reproduction reproduce) {
            this(verdict, divergentStep, violations, trace, history, reproduce, null, null);
        }

        /** A failure that is not a finding of a lock-step property. */
        public Failure(String verdict, Integer divergentStep, List<Violation> violations, Trace trace, List<HistoryEntry> history,
                       Reproduction reproduce, RealTime realTime) {
            this(verdict, divergentStep, violations, trace, history, reproduce, realTime, null);
        }

        /** One finding of a lock-step property: its shrunk try, how to reproduce it, and its kind and shrinking. */
        public static Failure of(TryResult result, Reproduction reproduce, FindingFacts finding) {
            return new Failure(result.verdict(), result.divergent() == null ? null : result.divergent().step(),
                    result.violations(), result.trace(), result.history(), reproduce, null, finding, result.modelStates());
        }

        /** Whether it carries what failed: a shrunk trace, or a real-time history that a checker refused. */
        public boolean hasCounterexample() {
            return trace != null || (realTime != null && realTime.history() != null && !realTime.undecided());
        }

        /** Steps of the shrunk trace, or null when the failure has no trace. */
        public Integer traceSteps() {
            return trace != null ? Integer.valueOf(trace.steps().size()) : null;
        }

        public static Failure of(TryResult result, Reproduction reproduce) {
            return new Failure(result.verdict(), result.divergent() == null ? null : result.divergent().step(),
                    result.violations(), result.trace(), result.history(), reproduce, null, null, result.modelStates());
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

        /** The first entry of a step, or null. */
        public HistoryEntry entryAt(Integer step) {
            if (step == null || history == null) {
                return null;
            }
            return history.stream().filter(e -> e.step() == step).findFirst().orElse(null);
        }
    }

    /**
     * One distinct finding of a run: its kind and how often the run's tries showed it, and how its trace was shrunk.
     *
     * @param severity      {@code safety}, {@code error} (an implementation error) or {@code conformance}
     * @param kind          the guarantee broken and the operation that broke it, in words
     * @param tries         how many of the run's tries showed it
     * @param firstTry      the first of them, from 1
     * @param originalSteps the steps of that first try, which shrinking started from (0: not shrunk)
     * @param shrinkRuns    the re-runs shrinking took
     * @param cutShortBy    the bound that stopped shrinking before it was done, or null
     */
    public record FindingFacts(String severity, String kind, int tries, int firstTry, int originalSteps, int shrinkRuns,
                               String cutShortBy) {

        /** The kind with its severity, e.g. "safety: write to CURRENT_FENCE broke invariant 1. no stale acceptance". */
        public String title() {
            Severity weight = Severity.ofWord(severity);
            return (weight == null ? severity : weight.title()) + ": " + kind;
        }
    }

    /**
     * A real-time failure: the smallest failing history found (operations as intervals on the
     * database's clock, the rows read at the end, the nemesis's marks), or none when the checker
     * gave up (undecided), and the whole run's history beside it. A run cannot be replayed from its
     * seed (the seed fixes the workers' choices, not the threads' timing), so these histories are
     * all that is left of it. The histories are written as their record components, so a component
     * the model adds is in the file without a change here.
     *
     * @param history            the shrunk history, or null when the checker gave up
     * @param fullHistory        every operation of the failing run, or null in a result written before it was kept
     * @param failingOperation   the operation the checker could not explain or an invariant broke at (0: the rows at the end)
     * @param undecided          the checker's search ran out of its budget: nothing was shown, either way
     * @param observedOperations operations in the whole run, before shrinking
     * @param shrinkChecks       checks the shrinking ran
     * @param shrinkOutOfTime    whether shrinking stopped at its time budget
     * @param judgedAgainst      the operations the failing one was judged against (the grant whose lease a late renewal
     *                           touched, the lease that still held): with it, the cause; empty in older results
     * @param severity           {@code safety} or {@code conformance}, as a lock-step finding's; null when the checker gave
     *                           up, and in a result written before it was kept
     * @param overlapping        other workers' operations that overlap the failing one and change what it reads, which
     *                           shrinking put back for the reader; empty in older results
     */
    public record RealTime(RealTimeHistory history, RealTimeHistory fullHistory, Integer failingOperation, boolean undecided, int observedOperations,
                           long runMillis, long checkMillis, long states, int shrinkChecks, boolean shrinkOutOfTime,
                           List<Integer> judgedAgainst, String severity, List<Integer> overlapping) {

        public RealTime {
            judgedAgainst = judgedAgainst == null ? List.of() : List.copyOf(judgedAgainst);
            overlapping = overlapping == null ? List.of() : List.copyOf(overlapping);
        }

        /** A failure whose shrinking put nothing back. */
        public RealTime(RealTimeHistory history, RealTimeHistory fullHistory, Integer failingOperation, boolean undecided,
                        int observedOperations, long runMillis, long checkMillis, long states, int shrinkChecks, boolean shrinkOutOfTime,
                        List<Integer> judgedAgainst, String severity) {
            this(history, fullHistory, failingOperation, undecided, observedOperations, runMillis, checkMillis, states, shrinkChecks,
                    shrinkOutOfTime, judgedAgainst, severity, List.of());
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
