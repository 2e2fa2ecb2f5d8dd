package fencecheck.properties;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.protocol.SqlLeaseProtocol;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.UUID;

/** A user's implementation of the lease protocol only, selected by class name: no job transaction, outbox or consumer. */
public class LeaseOnlyReference implements LeaseProtocol {

    private final LeaseProtocol reference = SqlLeaseProtocol.reference();

    @Override
    public String name() {
        return getClass().getName();
    }

    @Override
    public String description() {
        return "";
    }

    @Override
    public ModelConfig modelConfig() {
        return reference.modelConfig();
    }

    @Override
    public UUID newOwner(String worker) {
        return reference.newOwner(worker);
    }

    @Override
    public void installSchema(Connection connection) throws SQLException {
        reference.installSchema(connection);
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        reference.deleteAllRows(connection);
    }

    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        return reference.client(connection);
    }
}
