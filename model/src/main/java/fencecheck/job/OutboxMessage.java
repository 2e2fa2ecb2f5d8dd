package fencecheck.job;

/**
 * A committed outbox row. {@code id} orders messages as the relay reads them
 * (insertion order, which is not commit order); it is never compared with the database's ids.
 */
public record OutboxMessage(long id, String key, String resultId, long token, String payload, boolean delivered) {

    public OutboxMessage markedDelivered() {
        return new OutboxMessage(id, key, resultId, token, payload, true);
    }
}
