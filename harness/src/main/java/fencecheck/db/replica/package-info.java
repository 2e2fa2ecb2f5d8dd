/**
 * A replicated pair of embedded servers, a primary and a streaming standby, for failovers.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.db.replica;

import org.apiguardian.api.API;
