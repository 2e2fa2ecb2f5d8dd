package fencecheck.run;

import fencecheck.job.JobCommand;
import fencecheck.model.Command;

import java.util.Optional;

/**
 * The kind of a conformance note: which operation answered otherwise than the reference, and how, without the
 * values (tokens, instants) of the try that showed it, so one behaviour of an implementation is one note however
 * many tries show it.
 */
public final class ConformanceNotes {

    private ConformanceNotes() {
    }

    /** The note's kind, e.g. "renew: a renew after the lease ran out at # revives it (nobody was granted the key meanwhile)". */
    public static String kindOf(HistoryEntry note) {
        String words = note.difference() != null ? note.difference() : "the rows differ from the model's";
        return kind(operation(note), words);
    }

    /**
     * The note in words with its values, for a reader: "renew: a renew after the lease ran out at 10.000001s revives it
     * (nobody was granted the key meanwhile)". Its kind ({@link #kindOf}) is these words with the values left out.
     */
    public static String wordsOf(HistoryEntry note) {
        String words = note.difference() != null ? note.difference() : note.expectedRows() == null ? "the rows differ from the model's"
                : "the rows of " + note.key() + " differ from the model's: model " + note.expectedRows().describe() + ", database "
                + (note.observedRows() == null ? "none read" : note.observedRows().describe());
        return operation(note) + ": " + words;
    }

    /** A kind from the operation's name and the difference in words, its values (tokens, instants) left out. */
    public static String kind(String operation, String words) {
        return operation + ": " + words.replaceAll("\\d+(\\.\\d+)?s?", "#");
    }

    /** The name of a lease operation or write in a note's kind: "acquire", "renew", "write to CURRENT_FENCE". */
    public static String operation(Command command) {
        return switch (command) {
            case Command.Acquire a -> "acquire";
            case Command.Renew r -> "renew";
            case Command.Release r -> "release";
            case Command.Write w -> "write to " + w.sink();
            default -> "lease operation";
        };
    }

    /** The first note of {@code kind} in the try, if it still shows one. */
    public static Optional<HistoryEntry> of(TryResult tried, String kind) {
        return tried.notes().stream().filter(n -> kindOf(n).equals(kind)).findFirst();
    }

    private static String operation(HistoryEntry e) {
        if (e.command() instanceof JobCommand.LeaseOperation op) {
            return operation(op.command());
        }
        if (e.command() instanceof JobCommand.Write w) {
            return "write to " + w.write().sink();
        }
        return e.command() == null ? "a step" : e.command().getClass().getSimpleName().toLowerCase();
    }
}
