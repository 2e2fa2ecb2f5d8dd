package fencecheck.job;

/**
 * A statement waiting for a row lock. {@code startedAt} is the clock its
 * snapshot saw: when it goes on, READ COMMITTED re-checks its condition on the
 * latest committed row, but the clock it reads is still the one of its start.
 */
public record Waiter(String session, JobCommand command, long startedAt) {
}
