/**
 * SQL packs: their files, semantics keys and statements run one at a time.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.protocol.pack;

import org.apiguardian.api.API;
