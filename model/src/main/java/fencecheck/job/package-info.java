/**
 * The model of job transactions, the outbox and its consumer.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.job;

import org.apiguardian.api.API;
