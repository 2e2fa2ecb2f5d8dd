/**
 * The built-in implementations (the reference, correct alternatives, known-buggy variants) and SQL packs.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.protocol;

import org.apiguardian.api.API;
