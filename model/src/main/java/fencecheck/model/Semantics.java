package fencecheck.model;

import fencecheck.api.Lease;
import fencecheck.api.OperationBinding;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;

/**
 * What the claims of {@link fencecheck.api.ModelConfig} mean for a lease row: the model's side of the semantics
 * enums, which themselves only name what an implementation claims.
 */
public final class Semantics {

    private Semantics() {
    }

    /** Whether a renew or release by {@code owner} naming {@code token} acts on {@code lease} (null when the key was never granted). */
    public static boolean binds(OperationBinding binding, Lease lease, String owner, long token) {
        return switch (binding) {
            case OWNER_AND_TOKEN -> lease != null && lease.owner().equals(owner) && lease.token() == token;
            case OWNER_ONLY -> lease != null && lease.owner().equals(owner);
        };
    }

    /** The row a successful release of {@code held} at {@code now} leaves. */
    static Lease release(ReleaseEncoding encoding, Lease held, long now, TimeResolution resolution) {
        return switch (encoding) {
            case EXPIRE_BEFORE_NOW -> held.withUntil(Math.min(held.until(), resolution.round(now - resolution.unitMicros())));
            case EXPIRE_AT_NOW -> held.withUntil(Math.min(held.until(), resolution.round(now)));
            case KEEP_TOKEN_MARK_RELEASED -> held.markedReleased();
        };
    }

    /** What a token continuing a key whose highest grant is {@code highestGranted} must be, in words, for a divergence report. */
    static String rule(TokenSequence tokens, long highestGranted) {
        return switch (tokens) {
            case CONSECUTIVE_PER_KEY -> "the next token is " + (highestGranted + 1);
            case INCREASING -> "a new token must be above " + Math.max(highestGranted, 0) + ", the highest granted for the key";
        };
    }
}
