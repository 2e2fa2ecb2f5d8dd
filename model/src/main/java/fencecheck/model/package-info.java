/**
 * The reference model of leases, tokens and sinks, and the admissible answers.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.model;

import org.apiguardian.api.API;
