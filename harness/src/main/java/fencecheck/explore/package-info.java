/**
 * Exhaustive mode: every trace over a finite alphabet of steps up to a depth, run breadth first against the real
 * database in lock step, each state expanded once, so that a failing trace is the shortest by construction.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.explore;

import org.apiguardian.api.API;
