package com.example.shedlock;

import org.springframework.jdbc.datasource.AbstractDataSource;
import org.springframework.jdbc.datasource.SmartDataSource;

import java.sql.Connection;
import java.sql.SQLException;

/** One worker's pool, as ShedLock sees it: the connection of the session it calls from, never closed by Spring. */
final class SessionDataSource extends AbstractDataSource implements SmartDataSource {

    private volatile Connection connection;

    void use(Connection sessionConnection) {
        connection = sessionConnection;
    }

    @Override
    public Connection getConnection() throws SQLException {
        if (!connection.getAutoCommit()) {
            // a pool would hand ShedLock's REQUIRES_NEW transaction another connection; this session has only one
            throw new SQLException("ShedLock needs a transaction of its own, and this session's only connection has one open");
        }
        return connection;
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public boolean shouldClose(Connection con) {
        return false;
    }
}
