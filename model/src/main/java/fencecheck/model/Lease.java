package fencecheck.model;

/** A lease row: who holds the job key, until when (microseconds, virtual time), under which token. */
public record Lease(String owner, long until, long token) {
}
