package fencecheck.protocol;

/**
 * A {@link LeaseProtocol} whose {@link LeaseProtocol#deleteAllRows} is plain
 * SQL without parameters, so the harness can send it in the same round trip
 * as its own reset of the clock.
 */
public interface DeletesWithSql {

    /**
     * Statements, separated by semicolons and without bind parameters, that delete every row the protocol stores.
     *
     * @return the statements
     */
    String deleteAllRowsSql();
}
