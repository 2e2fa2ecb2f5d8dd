/**
 * Database provisioning: the embedded server, a container, a server given by URL, the virtual clock its sessions read.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.db;

import org.apiguardian.api.API;
