package fencecheck.db;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Set;

/**
 * Sessions whose every statement text passes through {@link TimeKeywords#rewrite}
 * on its way to the server, so that {@code CURRENT_TIMESTAMP} and the other
 * clock keywords read the virtual clock: the SQL given to the connection's
 * {@code prepareStatement}, {@code prepareCall} and {@code nativeSQL}, and to
 * {@code execute}, {@code executeQuery}, {@code executeUpdate},
 * {@code executeLargeUpdate} and {@code addBatch} of its statements.
 * Everything else is passed on unchanged. The statements answer
 * {@code getConnection()} with the wrapped session; {@code unwrap} to a
 * driver interface (e.g. {@code PGConnection}) gives the driver's own object,
 * whose methods bypass the rewriting.
 */
final class TimeKeywordSessions {

    private static final Set<String> CONNECTION_SQL = Set.of("prepareStatement", "prepareCall", "nativeSQL");

    private static final Set<String> STATEMENT_SQL = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "addBatch");

    private TimeKeywordSessions() {
    }

    /** The session, rewriting the clock keywords of every statement text it is given. */
    static Connection wrap(Connection connection) {
        Rewriting handler = new Rewriting(connection, CONNECTION_SQL, null);
        Connection wrapped = proxy(Connection.class, handler);
        handler.session = wrapped;
        return wrapped;
    }

    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(TimeKeywordSessions.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** Rewrites the first argument of the methods named in {@code sqlMethods} when it is a String. */
    private static final class Rewriting implements InvocationHandler {

        private final Object target;
        private final Set<String> sqlMethods;
        /** The wrapped session: what a statement's {@code getConnection()} answers, and what the session's statements belong to. */
        private Connection session;

        Rewriting(Object target, Set<String> sqlMethods, Connection session) {
            this.target = target;
            this.sqlMethods = sqlMethods;
            this.session = session;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            String name = method.getName();
            if (method.getDeclaringClass() == Object.class) {
                return switch (name) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "rewriting clock keywords: " + target;
                };
            }
            if (name.equals("unwrap") && ((Class<?>) args[0]).isInstance(proxy)) {
                return proxy;
            }
            if (name.equals("getConnection") && target instanceof Statement) {
                return session;
            }
            Object[] arguments = args;
            if (sqlMethods.contains(name) && args != null && args.length > 0 && args[0] instanceof String sql) {
                arguments = args.clone();
                arguments[0] = TimeKeywords.rewrite(sql);
            }
            Object result;
            try {
                result = method.invoke(target, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (target instanceof Connection && result instanceof Statement statement
                    && Statement.class.isAssignableFrom(method.getReturnType())) {
                return proxy(method.getReturnType().asSubclass(Statement.class), new Rewriting(statement, STATEMENT_SQL, session));
            }
            return result;
        }
    }
}
