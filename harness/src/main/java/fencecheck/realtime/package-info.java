/**
 * Real-time runs: workers on threads and the database's own clock, and their histories.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.realtime;

import org.apiguardian.api.API;
