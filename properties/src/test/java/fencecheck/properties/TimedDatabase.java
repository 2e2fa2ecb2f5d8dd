package fencecheck.properties;

import fencecheck.db.Database;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;

/**
 * A database whose sessions count and time what goes to the server: new
 * sessions, statement executions, commits and rollbacks, and closes. Used
 * for one diagnostic round of the benchmark, never for its figures.
 */
final class TimedDatabase implements Database {

    private static final Set<String> EXECUTIONS = Set.of("execute", "executeQuery", "executeUpdate", "executeBatch",
            "executeLargeUpdate", "executeLargeBatch");
    private static final Set<String> SERVER_CALLS = Set.of("commit", "rollback", "setAutoCommit", "close");

    private final Database delegate;
    long connects;
    long connectNanos;
    long executions;
    long executionNanos;
    long otherCalls;
    long otherNanos;

    TimedDatabase(Database delegate) {
        this.delegate = delegate;
    }

    void clear() {
        connects = connectNanos = executions = executionNanos = otherCalls = otherNanos = 0;
    }

    @Override
    public Connection connect() throws SQLException {
        long started = System.nanoTime();
        Connection connection = delegate.connect();
        connectNanos += System.nanoTime() - started;
        connects++;
        return wrap(Connection.class, connection);
    }

    @Override
    public Connection connectRealTime() throws SQLException {
        return delegate.connectRealTime();
    }

    @Override
    public Connection connectRealTimeThrough(String host, int port) throws SQLException {
        return delegate.connectRealTimeThrough(host, port);
    }

    @Override
    public Connection connectThrough(String host, int port) throws SQLException {
        long started = System.nanoTime();
        Connection connection = delegate.connectThrough(host, port);
        connectNanos += System.nanoTime() - started;
        connects++;
        return wrap(Connection.class, connection);
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public String host() {
        return delegate.host();
    }

    @Override
    public int port() {
        return delegate.port();
    }

    @Override
    public String describe() {
        return delegate.describe();
    }

    @Override
    public Map<String, String> settings() {
        return delegate.settings();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /** Passed on to the server's own crash and restart, where the database has one. */
    public void crashAndRestart() {
        try {
            delegate.getClass().getMethod("crashAndRestart").invoke(delegate);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException("the " + kind() + " database cannot crash and restart", e);
        }
    }

    private <T> T wrap(Class<T> type, T target) {
        InvocationHandler handler = (proxy, method, args) -> call(target, method, args);
        return type.cast(Proxy.newProxyInstance(TimedDatabase.class.getClassLoader(), new Class<?>[]{type}, handler));
    }

    private Object call(Object target, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        boolean execution = EXECUTIONS.contains(name);
        boolean serverCall = !execution && target instanceof Connection && SERVER_CALLS.contains(name);
        long started = System.nanoTime();
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            long nanos = System.nanoTime() - started;
            if (execution) {
                executions++;
                executionNanos += nanos;
            } else if (serverCall) {
                otherCalls++;
                otherNanos += nanos;
            }
        }
        if (result instanceof PreparedStatement p && target instanceof Connection) {
            return wrap(PreparedStatement.class, p);
        }
        if (result instanceof Statement s && target instanceof Connection) {
            return wrap(Statement.class, s);
        }
        return result;
    }
}
