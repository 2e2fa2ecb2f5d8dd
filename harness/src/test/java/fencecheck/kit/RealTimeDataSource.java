package fencecheck.kit;

import fencecheck.db.Database;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Real-time sessions of the test database, as a node's pool hands them out; keeps them so a test can cut them as a kill would. */
public final class RealTimeDataSource implements DataSource {

    private final Database database;
    private final List<Connection> handedOut = new ArrayList<>();

    public RealTimeDataSource(Database database) {
        this.database = database;
    }

    @Override
    public synchronized Connection getConnection() throws SQLException {
        Connection c = database.connectRealTime();
        handedOut.add(c);
        return c;
    }

    /** Cuts every session it handed out, as a killed node's would be. */
    public synchronized void cutAll() throws SQLException {
        for (Connection c : handedOut) {
            c.abort(Runnable::run);
        }
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
    }

    @Override
    public void setLoginTimeout(int seconds) {
    }

    @Override
    public int getLoginTimeout() {
        return 0;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        throw new SQLException("not a wrapper");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return false;
    }
}
