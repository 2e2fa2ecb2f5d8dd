package fencecheck.model;

/** A result stored by a sink, with the token it was written under. */
public record StoredResult(long token, String payload) {
}
