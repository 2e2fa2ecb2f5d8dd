package fencecheck.kit;

import org.apiguardian.api.API;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The pool a lock library borrows connections from, over one of fencecheck's sessions: every connection it hands
 * out is that session's, and the library closing it gives it back without closing it (the session is fencecheck's,
 * and a network fault or a crash is fencecheck's to inject on it). Transactions are the session's: a library that
 * commits or rolls back does so on the session.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class SessionDataSource implements DataSource {

    private final Supplier<Connection> session;

    /**
     * Over one session, for a library object made per session (in {@link KitLeaseProtocol.Calls#open}).
     *
     * @param session the session's connection, fencecheck's
     */
    public SessionDataSource(Connection session) {
        this(() -> session);
    }

    /**
     * Over the session the caller's current call runs on, for a library object that outlives a session (a lock
     * registry kept per execution while its worker's broken sessions are replaced).
     *
     * @param session gives the connection of the session the current call runs on, asked at every
     *                {@link #getConnection()}
     */
    public SessionDataSource(Supplier<Connection> session) {
        this.session = session;
    }

    @Override
    public Connection getConnection() {
        Connection session = this.session.get();
        return (Connection) Proxy.newProxyInstance(SessionDataSource.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    try {
                        return method.invoke(session, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    public Connection getConnection(String username, String password) {
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
        throw new SQLFeatureNotSupportedException("a session's DataSource logs nothing");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("a session's DataSource wraps no " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
