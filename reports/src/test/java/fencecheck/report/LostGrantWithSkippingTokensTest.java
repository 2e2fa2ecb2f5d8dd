package fencecheck.report;

import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.TokenSequence;
import fencecheck.check.Linearizability;
import fencecheck.check.Linearizability.Linearizable;
import fencecheck.check.Linearizability.Point;
import fencecheck.check.RealTimeHistory;
import fencecheck.check.RealTimeVerdict;
import fencecheck.check.TimedOperation;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The result file of a real-time run that was refused though its pack is correct: its tokens come from one sequence
 * for every key (it claims {@code tokens=increasing}), w3.2's acquire (operation 439) lost its answer but took effect
 * (w4 was told Busy meanwhile), and w3.2's next acquire (478) was answered with the same lease, token 764. The token
 * of a lost grant under such a sequence is any above the key's highest, until an answer or the rows settle it; the
 * checker had fixed it at the least one (727) and refused the history. Read back as a result file is.
 */
class LostGrantWithSkippingTokensTest {

    /** The pack's claims: the reference's, but any increasing tokens; strict, as a pack extending a built-in one. */
    private static final ModelConfig GLOBAL_SEQUENCE = ModelConfig.reference().withTokens(TokenSequence.INCREASING)
            .withConformance(Conformance.STRICT);
    private static final int LOST_GRANT = 439;
    private static final int REGRANT = 478;

    private static RunResult.RealTime run() throws URISyntaxException {
        Path file = Path.of(LostGrantWithSkippingTokensTest.class.getResource("/histories/lost-grant-skipping-tokens.json").toURI());
        return ResultFiles.read(file).failure().realTime();
    }

    @Test
    void theWholeRunIsLinearizableAndTheLostGrantHasTheTokenItsRegrantRevealed() throws URISyntaxException {
        RealTimeHistory full = run().fullHistory();
        TimedOperation lost = full.operation(LOST_GRANT);
        assertThat(lost.unknown()).as("the file's operation %d lost its answer", LOST_GRANT).isTrue();
        assertThat(full.operation(REGRANT).outcome()).isInstanceOf(Granted.class);
        long revealed = ((Granted) full.operation(REGRANT).outcome()).token();

        RealTimeVerdict verdict = RealTimeVerdict.of(full, GLOBAL_SEQUENCE, Linearizability.DEFAULT_MAX_STATES);

        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
        Point grant = ((Linearizable) verdict.linearizability()).witness().stream().filter(p -> p.operation() == LOST_GRANT)
                .findFirst().orElseThrow();
        assertThat(grant.effect()).as("the lost grant took effect with the token its holder's next acquire was answered")
                .isInstanceOf(Granted.class);
        assertThat(((Granted) grant.effect()).token()).isEqualTo(revealed);
    }

    @Test
    void theShrunkHistoryTheRunReportedIsLinearizableToo() throws URISyntaxException {
        RealTimeVerdict verdict = RealTimeVerdict.of(run().history(), GLOBAL_SEQUENCE, Linearizability.DEFAULT_MAX_STATES);
        assertThat(verdict.passed()).as(verdict.sentence()).isTrue();
    }
}
