package fencecheck.api;

import org.apiguardian.api.API;

/**
 * The parameters of the reference semantics: what an implementation claims
 * about how it encodes the protocol. The invariants (fencecheck.check) do not
 * depend on any of them; only what the model predicts and how its rows are
 * compared with the database's do.
 *
 * @param boundary          whether a lease is still valid at its exact expiry instant
 * @param idempotentRegrant whether the same owner acquiring a valid lease again gets it back
 *                          (article B's lost-receipt retry) instead of {@code Busy} (literal article A)
 * @param resolution        the resolution at which lease ends are stored and answered
 * @param release           how a successful release is stored
 * @param binding           what a renew or release must name to act on a lease
 * @param tokens            which token sequence grants follow
 * @param rows              how the database's rows are compared with the model's
 * @param conformance       how closely the implementation claims to follow the reference; null when it claims
 *                          nothing, and then whoever runs it decides (strict for the reference and its variants,
 *                          safety for everything else)
 */
@API(status = API.Status.STABLE, since = "0.1")
public record ModelConfig(Boundary boundary, boolean idempotentRegrant, TimeResolution resolution,
                          ReleaseEncoding release, OperationBinding binding, TokenSequence tokens, RowComparison rows,
                          Conformance conformance) {

    /** A config that claims no conformance level. */
    public ModelConfig(Boundary boundary, boolean idempotentRegrant, TimeResolution resolution, ReleaseEncoding release,
                       OperationBinding binding, TokenSequence tokens, RowComparison rows) {
        this(boundary, idempotentRegrant, resolution, release, binding, tokens, rows, null);
    }

    /** A config with the given boundary and regrant switch and the reference's choice for everything else. */
    public ModelConfig(Boundary boundary, boolean idempotentRegrant) {
        this(boundary, idempotentRegrant, TimeResolution.MICROSECONDS, ReleaseEncoding.EXPIRE_BEFORE_NOW,
                OperationBinding.OWNER_AND_TOKEN, TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.EXACT);
    }

    public static ModelConfig reference() {
        return new ModelConfig(Boundary.INCLUSIVE, true);
    }

    public ModelConfig withBoundary(Boundary newBoundary) {
        return new ModelConfig(newBoundary, idempotentRegrant, resolution, release, binding, tokens, rows, conformance);
    }

    public ModelConfig withIdempotentRegrant(boolean regrant) {
        return new ModelConfig(boundary, regrant, resolution, release, binding, tokens, rows, conformance);
    }

    public ModelConfig withResolution(TimeResolution newResolution) {
        return new ModelConfig(boundary, idempotentRegrant, newResolution, release, binding, tokens, rows, conformance);
    }

    public ModelConfig withRelease(ReleaseEncoding newRelease) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, newRelease, binding, tokens, rows, conformance);
    }

    public ModelConfig withBinding(OperationBinding newBinding) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, newBinding, tokens, rows, conformance);
    }

    public ModelConfig withTokens(TokenSequence newTokens) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, newTokens, rows, conformance);
    }

    public ModelConfig withRowComparison(RowComparison newRows) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, tokens, newRows, conformance);
    }

    public ModelConfig withConformance(Conformance level) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, tokens, rows, level);
    }

    /** The claimed level, or {@code unclaimed} when the config claims none. */
    public Conformance conformanceOr(Conformance unclaimed) {
        return conformance != null ? conformance : unclaimed;
    }
}
