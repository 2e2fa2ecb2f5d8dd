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

    /**
     * A config that claims no conformance level: whoever runs the implementation decides (see the record's
     * {@code conformance} component).
     *
     * @param boundary          whether a lease is still valid at its exact expiry instant
     * @param idempotentRegrant whether the same owner acquiring a valid lease again gets it back instead of
     *                          {@code Busy}
     * @param resolution        the resolution at which lease ends are stored and answered
     * @param release           how a successful release is stored
     * @param binding           what a renew or release must name to act on a lease
     * @param tokens            which token sequence grants follow
     * @param rows              how the database's rows are compared with the model's
     */
    public ModelConfig(Boundary boundary, boolean idempotentRegrant, TimeResolution resolution, ReleaseEncoding release,
                       OperationBinding binding, TokenSequence tokens, RowComparison rows) {
        this(boundary, idempotentRegrant, resolution, release, binding, tokens, rows, null);
    }

    /**
     * A config with the given boundary and regrant switch and the reference's choice for everything else
     * (microseconds, a release stored as expiry one microsecond before now, renew and release bound to owner and
     * token, consecutive tokens per key, rows compared exactly), claiming no conformance level.
     *
     * @param boundary          whether a lease is still valid at its exact expiry instant
     * @param idempotentRegrant whether the same owner acquiring a valid lease again gets it back instead of
     *                          {@code Busy}
     */
    public ModelConfig(Boundary boundary, boolean idempotentRegrant) {
        this(boundary, idempotentRegrant, TimeResolution.MICROSECONDS, ReleaseEncoding.EXPIRE_BEFORE_NOW,
                OperationBinding.OWNER_AND_TOKEN, TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.EXACT);
    }

    /**
     * The reference's semantics: the {@link Boundary#INCLUSIVE} boundary, a valid lease given back to its own owner,
     * and the reference's choice for everything else; no conformance level claimed.
     *
     * @return the reference's config
     */
    public static ModelConfig reference() {
        return new ModelConfig(Boundary.INCLUSIVE, true);
    }

    /**
     * This config with the boundary convention replaced; every other parameter is kept.
     *
     * @param newBoundary whether a lease is still valid at its exact expiry instant
     * @return the changed config
     */
    public ModelConfig withBoundary(Boundary newBoundary) {
        return new ModelConfig(newBoundary, idempotentRegrant, resolution, release, binding, tokens, rows, conformance);
    }

    /**
     * This config with the regrant switch replaced; every other parameter is kept.
     *
     * @param regrant whether the same owner acquiring a valid lease again gets it back instead of {@code Busy}
     * @return the changed config
     */
    public ModelConfig withIdempotentRegrant(boolean regrant) {
        return new ModelConfig(boundary, regrant, resolution, release, binding, tokens, rows, conformance);
    }

    /**
     * This config with the resolution replaced; every other parameter is kept.
     *
     * @param newResolution the resolution at which lease ends are stored and answered
     * @return the changed config
     */
    public ModelConfig withResolution(TimeResolution newResolution) {
        return new ModelConfig(boundary, idempotentRegrant, newResolution, release, binding, tokens, rows, conformance);
    }

    /**
     * This config with the release encoding replaced; every other parameter is kept.
     *
     * @param newRelease how a successful release is stored
     * @return the changed config
     */
    public ModelConfig withRelease(ReleaseEncoding newRelease) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, newRelease, binding, tokens, rows, conformance);
    }

    /**
     * This config with the binding replaced; every other parameter is kept.
     *
     * @param newBinding what a renew or release must name to act on a lease
     * @return the changed config
     */
    public ModelConfig withBinding(OperationBinding newBinding) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, newBinding, tokens, rows, conformance);
    }

    /**
     * This config with the token sequence replaced; every other parameter is kept.
     *
     * @param newTokens which token sequence grants follow
     * @return the changed config
     */
    public ModelConfig withTokens(TokenSequence newTokens) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, newTokens, rows, conformance);
    }

    /**
     * This config with the row comparison replaced; every other parameter is kept.
     *
     * @param newRows how the database's rows are compared with the model's
     * @return the changed config
     */
    public ModelConfig withRowComparison(RowComparison newRows) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, tokens, newRows, conformance);
    }

    /**
     * This config with the conformance level replaced; every other parameter is kept.
     *
     * @param level how closely the implementation claims to follow the reference; null to claim nothing
     * @return the changed config
     */
    public ModelConfig withConformance(Conformance level) {
        return new ModelConfig(boundary, idempotentRegrant, resolution, release, binding, tokens, rows, level);
    }

    /**
     * The claimed level, or {@code unclaimed} when the config claims none.
     *
     * @param unclaimed the level that holds when the config claims none
     * @return {@link #conformance()}, or {@code unclaimed} when that is null
     */
    public Conformance conformanceOr(Conformance unclaimed) {
        return conformance != null ? conformance : unclaimed;
    }
}
