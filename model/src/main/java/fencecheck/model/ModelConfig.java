package fencecheck.model;

/**
 * The parameters of the reference semantics.
 *
 * @param boundary          whether a lease is still valid at its exact expiry instant
 * @param idempotentRegrant whether the same owner acquiring a valid lease again gets it back
 *                          (article B's lost-receipt retry) instead of {@code Busy} (literal article A)
 */
public record ModelConfig(Boundary boundary, boolean idempotentRegrant) {

    public static ModelConfig reference() {
        return new ModelConfig(Boundary.INCLUSIVE, true);
    }

    public ModelConfig withBoundary(Boundary newBoundary) {
        return new ModelConfig(newBoundary, idempotentRegrant);
    }

    public ModelConfig withIdempotentRegrant(boolean regrant) {
        return new ModelConfig(boundary, regrant);
    }
}
