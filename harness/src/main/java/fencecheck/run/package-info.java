/**
 * The lock-step runner: sessions, the nemesis, the history of a try and its situations.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.run;

import org.apiguardian.api.API;
