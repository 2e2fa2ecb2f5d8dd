package fencecheck.properties;

import com.fasterxml.jackson.databind.ObjectMapper;
import fencecheck.realtime.RealTimeNotes;
import fencecheck.report.ConsoleSummary;
import fencecheck.report.ModelJson;
import fencecheck.report.RunResult;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The conformance notes of the real-time property held to safety, as {@link ConformanceNoteReport} gives lock step's:
 * per kind, the first operation that showed it, its history (the note's key, up to that operation) saved beside the
 * findings as {@code ...-noteN.json}, and one line on the console with the values of that first operation (instants
 * in ms from the run's start). A real-time history cannot be replayed: a note has no replay command.
 */
final class RealTimeNoteReport {

    private static final ObjectMapper JSON = ModelJson.register(new ObjectMapper());

    private RealTimeNoteReport() {
    }

    static List<RunResult.Note> of(PropertyLifecycleContext context, String implementation, String seed) {
        // the calls the implementation failed: unknown in the histories, which judged what they did; said, never a note
        for (RealTimeRuns.Group e : RealTimeRuns.errors()) {
            ConsoleSummary.wrapped("fencecheck: " + context.targetMethod().getName() + " [" + implementation + "] implementation error,"
                    + " taken as an unknown answer (in " + e.tries() + (e.tries() == 1 ? " try" : " tries") + ", first at try "
                    + e.firstTry() + "): " + e.smallest().errorInWords()).forEach(System.out::println);
        }
        List<RealTimeNotes.Note> met = RealTimeRuns.notes();
        List<RunResult.Note> notes = new ArrayList<>();
        int number = 0;
        for (RealTimeNotes.Note note : met) {
            if (++number > ConformanceNoteReport.MOST_NOTES) {
                System.out.println("fencecheck: " + context.targetMethod().getName() + ": " + (met.size() - ConformanceNoteReport.MOST_NOTES)
                        + " more kinds of conformance note, not saved");
                break;
            }
            Path besideFindings = FailureReport.savedTrace(context, implementation, seed, number);
            Path file = besideFindings.resolveSibling(besideFindings.getFileName().toString().replace("-finding" + number, "-note" + number));
            write(note, file);
            int operations = note.history().operations().size();
            notes.add(new RunResult.Note(note.kind(), note.difference(), note.operation(), operations, Paths.fromRoot(file), null));
            ConsoleSummary.wrapped("fencecheck: " + context.targetMethod().getName() + " [" + implementation + "] conformance note "
                    + number + ": " + note.words() + " (" + operations + " operations: " + Paths.fromRoot(file) + ")")
                    .forEach(System.out::println);
        }
        return notes;
    }

    private static void write(RealTimeNotes.Note note, Path file) {
        try {
            Files.createDirectories(file.getParent());
            JSON.writeValue(file.toFile(), note.history());
        } catch (IOException e) {
            throw new UncheckedIOException("the note's history was not saved to " + file + ": " + e.getMessage(), e);
        }
    }
}
