package com.example.shedlock;

import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.SmartDataSource;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One worker's connection pool, as ShedLock sees it: the connection of the session the worker is calling from
 * (fencecheck's, which a network fault may replace with a new one), never closed by Spring.
 */
final class SessionDataSource extends AbstractDataSource implements SmartDataSource {

    private volatile Connection connection;

    void use(Connection sessionConnection) {
        connection = sessionConnection;
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection current = connection;
        if (!current.getAutoCommit()) {
            // a pool would hand ShedLock's REQUIRES_NEW transaction another connection; this session has only one
            throw new SQLException("ShedLock runs each statement in a transaction of its own, and this session has a"
                    + " transaction open: there is no second connection to give it");
        }
        return current;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public boolean shouldClose(Connection con) {
        return false;
    }
}
