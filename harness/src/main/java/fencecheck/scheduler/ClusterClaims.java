package fencecheck.scheduler;

/**
 * What the scheduler's adapter claims about its runs.
 *
 * @param exclusiveExecution whether two runs of one job key never overlap (Quartz's
 *                           {@code @DisallowConcurrentExecution}): runs that overlapped are then a finding, not a note
 */
public record ClusterClaims(boolean exclusiveExecution) {
}
