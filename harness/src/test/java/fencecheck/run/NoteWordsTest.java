package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A note is shown with its numbers; its kind, which groups notes of any values, is the same words with them left out. */
class NoteWordsTest {

    @Test
    void aNotesWordsKeepItsValuesAndItsKindLeavesThemOut() {
        HistoryEntry note = new HistoryEntry(3, HistoryEntry.Kind.STATEMENT, false, "w1", "renew K1",
                new JobCommand.LeaseOperation("w1", new Command.Renew("K1", "w1", 1, 10_000_000)), 10_000_001,
                new JobOutcome.Answered(new Outcome.RenewRejected()), new JobOutcome.Answered(new Outcome.Renewed(20_000_001)), "K1",
                null, null, null, null, Judgement.Level.ADMISSIBLE,
                "a renew after the lease ran out at 10.000000s revives it (nobody was granted the key meanwhile)");

        assertThat(ConformanceNotes.wordsOf(note))
                .isEqualTo("renew: a renew after the lease ran out at 10.000000s revives it (nobody was granted the key meanwhile)");
        assertThat(ConformanceNotes.kindOf(note))
                .isEqualTo("renew: a renew after the lease ran out at # revives it (nobody was granted the key meanwhile)");
    }
}
