package fencecheck.db;

import org.postgresql.core.BaseConnection;
import org.postgresql.core.TransactionState;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * whose methods bypass the rewriting. A {@link StatementTap} attached to the
 * session hears each statement just before it is sent.
 */
final class TimeKeywordSessions {

    private static final Set<String> CONNECTION_SQL = Set.of("prepareStatement", "prepareCall", "nativeSQL");

    private static final Set<String> STATEMENT_SQL = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "addBatch");

    /** The methods of a statement that send it to the server. */
    private static final Set<String> SENDS = Set.of("execute", "executeQuery", "executeUpdate", "executeLargeUpdate",
            "executeBatch", "executeLargeBatch");

    /** Comments and blanks before a statement's first keyword, and that keyword. */
    private static final Pattern FIRST_KEYWORD = Pattern.compile("\\A(?:\\s+|--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/)*([A-Za-z]+)",
            Pattern.DOTALL);

    private TimeKeywordSessions() {
    }

    /** The session, rewriting the clock keywords of every statement text it is given. */
    static Connection wrap(Connection connection) {
        Rewriting handler = new Rewriting(connection, CONNECTION_SQL, null, new TapSlot(), null);
        Connection wrapped = proxy(Connection.class, handler);
        handler.session = wrapped;
        return wrapped;
    }

    /** See {@link StatementTap#attach}. */
    static void tap(Connection session, StatementTap tap) {
        if (!Proxy.isProxyClass(session.getClass()) || !(Proxy.getInvocationHandler(session) instanceof Rewriting r)) {
            throw new IllegalArgumentException("not a session of the harness: " + session);
        }
        r.slot.tap = tap;
    }

    /** The tap of one session, shared by its statements. */
    private static final class TapSlot {
        volatile StatementTap tap;
    }

    /** A statement's first keyword, upper case; "STATEMENT" when it has none a reader would know it by. */
    static String firstKeyword(String sql) {
        Matcher m = sql == null ? null : FIRST_KEYWORD.matcher(sql);
        return m != null && m.find() ? m.group(1).toUpperCase(Locale.ROOT) : "STATEMENT";
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
        private final TapSlot slot;
        /** The SQL a prepared statement was prepared with; null for the session and a plain statement. */
        private final String preparedSql;

        Rewriting(Object target, Set<String> sqlMethods, Connection session, TapSlot slot, String preparedSql) {
            this.target = target;
            this.sqlMethods = sqlMethods;
            this.session = session;
            this.slot = slot;
            this.preparedSql = preparedSql;
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
            StatementTap tap = slot.tap;
            if (tap != null) {
                String sent = sent(name, args);
                if (sent != null) {
                    tap.beforeSending(sent);
                }
            }
            Object result;
            try {
                result = method.invoke(target, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (target instanceof Connection && result instanceof Statement statement
                    && Statement.class.isAssignableFrom(method.getReturnType())) {
                String prepared = args != null && args.length > 0 && args[0] instanceof String sql ? sql : null;
                return proxy(method.getReturnType().asSubclass(Statement.class),
                        new Rewriting(statement, STATEMENT_SQL, session, slot, prepared));
            }
            return result;
        }

        /** The statement this call sends to the server, in a word; null when it sends none. */
        private String sent(String name, Object[] args) throws SQLException {
            if (target instanceof Statement) {
                if (!SENDS.contains(name)) {
                    return null;
                }
                return firstKeyword(args != null && args.length > 0 && args[0] instanceof String sql ? sql : preparedSql);
            }
            // the driver ends an open transaction only when one is open: otherwise these send nothing
            boolean endsTransaction = name.equals("commit") || name.equals("rollback")
                    || name.equals("setAutoCommit") && Boolean.TRUE.equals(args[0]);
            if (!endsTransaction || ((Connection) target).unwrap(BaseConnection.class).getTransactionState() == TransactionState.IDLE) {
                return null;
            }
            return name.equals("rollback") ? "ROLLBACK" : "COMMIT";
        }
    }
}
