package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the sessions know is a value: each answer heard gives a new one, and the one before stays as it was. */
class KnowledgeTest {

    private static final JobCommand ACQUIRE = new JobCommand.LeaseOperation("w1", new Command.Acquire("K1", "w1", 1_000));
    private static final JobOutcome GRANTED = new JobOutcome.Answered(new Outcome.Granted(1, 1_000));

    @Test
    void aGrantHeardIsBelievedAndTheKnowledgeBeforeItStaysAsItWas() {
        Knowledge before = Knowledge.NONE;
        Knowledge after = before.learn("w1", ACQUIRE, GRANTED);

        assertThat(after.belief("w1")).isEqualTo(new Workers.Belief("K1", 1));
        assertThat(before.held()).isEmpty();
        assertThat(Knowledge.NONE.learn("w1", ACQUIRE, GRANTED)).isEqualTo(after).hasSameHashCodeAs(after);
        assertThat(Knowledge.NONE.learn("w1", ACQUIRE, new JobOutcome.Answered(new Outcome.Busy()))).isEqualTo(Knowledge.NONE);
    }

    @Test
    void aRollbackUndoesWhatTheWorkerHeardInsideItsTransaction() {
        Knowledge begun = Knowledge.NONE.learn("w1", new JobCommand.Begin("w1"), new JobOutcome.Begun());
        Knowledge granted = begun.learn("w1", ACQUIRE, GRANTED);
        Knowledge rolledBack = granted.learn("w1", new JobCommand.Rollback("w1"), new JobOutcome.RolledBack());

        assertThat(granted.belief("w1")).isNotNull();
        assertThat(rolledBack).isEqualTo(Knowledge.NONE);
    }

    @Test
    void theLastWriteAndTheUnansweredStatementArePartOfIt() {
        Command.Write write = new Command.Write(SinkKind.CURRENT_FENCE, "K1", 1, "r1", "a");
        Knowledge wrote = Knowledge.NONE.wrote("w1", write).unanswered("w1", new JobCommand.Write("w1", write));

        assertThat(wrote).isNotEqualTo(Knowledge.NONE);
        assertThat(wrote.lastWrites()).containsEntry("w1", write);
        assertThat(wrote.unanswered("w1", null).unanswered()).isEmpty();
        assertThat(wrote.unanswered()).containsOnlyKeys("w1");
    }
}
