package fencecheck.model;

import fencecheck.api.SinkKind;

/**
 * What a client asks of the protocol, with concrete arguments. Times and
 * durations are microseconds of virtual time. Every command is total: where it
 * does not apply, its outcome says so and the state does not change.
 */
public sealed interface Command {

    /** Take the lease of {@code key} for {@code ttl} microseconds. */
    record Acquire(String key, String owner, long ttl) implements Command {
    }

    /** Extend a valid lease held by {@code owner} under {@code token} to now + {@code ttl}. */
    record Renew(String key, String owner, long token, long ttl) implements Command {
    }

    /** Give the lease up early; the row keeps its token so tokens never restart. */
    record Release(String key, String owner, long token) implements Command {
    }

    /** Write a result to a sink under a token. {@code resultId} matters only to {@code CURRENT_FENCE}. */
    record Write(SinkKind sink, String key, long token, String resultId, String payload) implements Command {
    }

    /** The same write inside a transaction that is rolled back: it sees what the write would, and leaves no trace. */
    record RolledBackWrite(Write write) implements Command {
    }

    /** Move the database clock forward to {@code to}; a clock never goes back, so an earlier instant changes nothing. */
    record AdvanceClock(long to) implements Command {
    }
}
