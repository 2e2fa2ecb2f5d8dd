/**
 * A scheduler cluster's results, checked: the firings the kit numbered, the runs the nodes recorded and the rows the
 * job keys end with ({@link fencecheck.scheduler.ClusterRecords}), judged by the model's invariants with the nemesis'
 * actions ({@link fencecheck.scheduler.ClusterVerdict}), and drawn as a real-time history.
 */
@API(status = API.Status.INTERNAL)
package fencecheck.scheduler;

import org.apiguardian.api.API;
