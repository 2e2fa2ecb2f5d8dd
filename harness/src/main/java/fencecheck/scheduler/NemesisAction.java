package fencecheck.scheduler;

/**
 * What the process nemesis did to a node, in words ("paused 9.8 s"), between two instants of the database's clock
 * (microseconds from the model's origin, as every instant of a history).
 */
public record NemesisAction(int node, String what, long startMicros, long endMicros) {
}
