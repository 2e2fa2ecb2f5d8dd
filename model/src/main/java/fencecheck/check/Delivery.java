package fencecheck.check;

/**
 * One outbox message reaching the consumer, as the database reported it: the
 * business key as the protocol (model/README.md) defines it (job key, result id), read from the
 * message's own columns, and whether the consumer applied its effect this time.
 */
public record Delivery(int step, String key, String resultId, boolean effect) {
}
