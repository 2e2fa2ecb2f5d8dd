/**
 * Shards: one run split over n machines, shard i of n taking a part of it (exhaustive mode: a part of the frontier
 * by state hash; random mode: a seed of its own), and their results merged into one report.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.shard;

import org.apiguardian.api.API;
