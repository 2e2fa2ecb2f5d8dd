/**
 * Scheduler clusters: node processes (JVMs started from the test classpath, each reaching the database through a
 * fault proxy of its own) and the process nemesis that pauses, kills, restarts and cuts them off, as Jepsen's does.
 * A node's main class reads its settings from {@link fencecheck.kit.SchedulerNode}.
 *
 * <p>Internal: not part of fencecheck's API, and changed without notice. What a team's code may depend on is in
 * {@code fencecheck.api} and {@code fencecheck.kit}.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.nodes;

import org.apiguardian.api.API;
