package fencecheck.job;

import fencecheck.api.ModelConfig;
import fencecheck.model.RowAgreement;

import java.util.Objects;

/**
 * Whether the rows the database holds for a job key agree with the model's:
 * the lease and sink rows as {@link RowAgreement} judges them under the config,
 * everything else (job-state token, business rows, outbox, consumer effects)
 * exactly, since no setting changes how those are stored.
 */
public final class JobRowAgreement {

    private JobRowAgreement() {
    }

    /** @param now the current database instant, at which lease validity is judged */
    public static boolean agree(ModelConfig config, JobRows expected, JobRows observed, long now) {
        if (expected == null || observed == null) {
            return expected == observed;
        }
        return RowAgreement.agree(config, expected.protocol(), observed.protocol(), now)
                && Objects.equals(expected.jobState(), observed.jobState())
                && expected.business().equals(observed.business())
                && expected.outbox().equals(observed.outbox())
                && expected.effects().equals(observed.effects());
    }
}
