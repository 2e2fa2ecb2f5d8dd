package fencecheck.properties;

import fencecheck.findings.ShrinkBudget;
import fencecheck.findings.TraceShrinker;
import fencecheck.report.ConsoleSummary;
import fencecheck.report.RunResult;
import fencecheck.run.ConformanceNotes;
import fencecheck.run.HistoryEntry;
import fencecheck.run.TraceRunner;
import fencecheck.run.TryResult;
import fencecheck.trace.TraceFiles;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The conformance notes of a property held to safety: per kind, the first try that showed it, shrunk to a smaller
 * trace that still shows it, saved with its replay command, and said in one line on the console, with the values of
 * the shrunk try (the kind, which leaves them out, is what groups the notes and what the result file keeps). A note never
 * fails the run; it says where the implementation answers otherwise than the reference without breaking a guarantee.
 */
final class ConformanceNoteReport {

    /** At most this many kinds are shrunk and saved; the rest are counted in the line of the last. */
    static final int MOST_NOTES = 5;
    /** A note is no failure: its shrinking gets a small share of a finding's budget. */
    private static final ShrinkBudget BUDGET = new ShrinkBudget(300, Duration.ofSeconds(15));

    private ConformanceNoteReport() {
    }

    static List<RunResult.Note> of(PropertyLifecycleContext context, TraceRunner runner, String implementation, String seed) {
        Map<String, TryResult> first = runner.tries().firstOfEachNote();
        List<RunResult.Note> notes = new ArrayList<>();
        TraceShrinker shrinker = new TraceShrinker(runner::run);
        int number = 0;
        for (Map.Entry<String, TryResult> kind : first.entrySet()) {
            if (++number > MOST_NOTES) {
                System.out.println("fencecheck: " + context.targetMethod().getName() + ": " + (first.size() - MOST_NOTES)
                        + " more kinds of conformance note, not shrunk");
                break;
            }
            TraceShrinker.Shrunk shrunk = shrinker.shrink(kind.getValue(), t -> ConformanceNotes.of(t, kind.getKey()).isPresent(),
                    "the note " + kind.getKey(), BUDGET);
            HistoryEntry note = ConformanceNotes.of(shrunk.result(), kind.getKey()).orElseThrow();
            Path besideFindings = FailureReport.savedTrace(context, implementation, seed, number);
            Path trace = besideFindings.resolveSibling(besideFindings.getFileName().toString().replace("-finding" + number, "-note" + number));
            TraceFiles.write(shrunk.result().trace(), trace);
            notes.add(new RunResult.Note(kind.getKey(), TryResult.note(note), note.step(), shrunk.result().steps(),
                    Paths.fromRoot(trace), Commands.replayTrace(trace)));
            // the words of the shrunk try's note, its values in: the kind, which leaves them out, only groups the notes
            ConsoleSummary.wrapped("fencecheck: " + context.targetMethod().getName() + " [" + implementation + "] conformance note "
                    + number + ": " + ConformanceNotes.wordsOf(note) + " (" + shrunk.result().steps() + " steps: " + Paths.fromRoot(trace) + ")")
                    .forEach(System.out::println);
        }
        return notes;
    }
}
