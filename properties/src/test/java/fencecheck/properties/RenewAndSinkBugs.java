package fencecheck.properties;

import fencecheck.api.ModelConfig;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.protocol.Variants;

/**
 * Two known bugs in one implementation, selected by class name: renew revives an expired lease (the
 * {@value Variants#RENEW_REVIVES_EXPIRED} variant's {@code renew.sql}) and the latest-token sink trusts the worker's
 * token (the {@value Variants#SINK_TRUSTS_TOKEN} variant's {@code write_latest.sql}). Different files, different
 * guarantees: one run of the main property must report both.
 */
public class RenewAndSinkBugs extends SqlLeaseProtocol {

    public RenewAndSinkBugs() {
        super(RenewAndSinkBugs.class.getName(), "renew revives an expired lease, and the latest-token sink trusts the worker's token",
                ModelConfig.reference(), "variants/" + Variants.RENEW_REVIVES_EXPIRED, "variants/" + Variants.SINK_TRUSTS_TOKEN);
    }
}
