package fencecheck.run;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobModel;
import fencecheck.job.JobOutcome;
import fencecheck.job.JobState;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The judge is a function of values: the model's state, the call and the database's answer give the verdict and the
 * next state, the same every time, and the state it started from is left as it was.
 */
class JudgeTest {

    private static final long TTL = 1_000_000;
    private final JobModel model = new JobModel(ModelConfig.reference());
    private final Judge judge = new Judge(model);

    private static Judge.Call acquire(String owner, long at) {
        return new Judge.Call(new JobCommand.LeaseOperation(owner, new Command.Acquire("K1", owner, TTL)), List.of(at), List.of());
    }

    private static JobOutcome granted(long token, long until) {
        return new JobOutcome.Answered(new Outcome.Granted(token, until));
    }

    @Test
    void theReferencesAnswerIsAcceptedAndGivesTheNextStateLeavingTheFirstAsItWas() {
        JobState empty = model.init(0);
        Judge.Judged j = judge.step(empty, acquire("w1", 0), granted(1, TTL));

        assertThat(j.accepts(granted(1, TTL), true)).isTrue();
        assertThat(j.verdict()).isEqualTo(TryEvent.Verdict.NONE);
        assertThat(j.next().committed().key("K1").lease().owner()).isEqualTo("w1");
        assertThat(empty).isEqualTo(model.init(0));
        assertThat(judge.step(empty, acquire("w1", 0), granted(1, TTL))).isEqualTo(j);
    }

    @Test
    void aSecondGrantWhileTheLeaseIsHeldIsUnsafe() {
        JobState held = judge.step(model.init(0), acquire("w1", 0), granted(1, TTL)).next();
        Judge.Judged j = judge.step(held, acquire("w2", 10), granted(2, TTL + 10));

        assertThat(j.accepts(granted(2, TTL + 10), false)).isFalse();
        assertThat(j.verdict().level()).isEqualTo(Judgement.Level.UNSAFE);
        assertThat(j.verdict().difference()).contains("w1");
        assertThat(judge.step(held, acquire("w2", 10), new JobOutcome.Answered(new Outcome.Busy())).accepts(
                new JobOutcome.Answered(new Outcome.Busy()), true)).isTrue();
    }

    @Test
    void theCallIsACopyThatLaterChangesDoNotReach() {
        List<Long> instants = new ArrayList<>(List.of(0L));
        Judge.Call call = new Judge.Call(acquire("w1", 0).command(), instants, List.of());
        instants.add(5L);

        assertThat(call.instants()).containsExactly(0L);
    }
}
