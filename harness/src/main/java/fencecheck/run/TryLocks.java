package fencecheck.run;

import fencecheck.api.LeaseProtocol;
import fencecheck.db.Database;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Which tries of one JVM may run at once. A try empties and fills its database's tables, so two tries on one database
 * never overlap, whichever runner and thread they come from (a property engine may still be shrinking on another
 * thread when the next property starts). Tries on different databases of one server overlap only when nothing else
 * is shared: a plain SQL pack keeps everything in its database, but a Java implementation may keep its clock or its
 * state in a static field (its library's), a crash or failover cuts every database of the server, a standby serves
 * them all, and the fault proxies are one server of the JVM's; such a try runs alone in the JVM, as does a real-time
 * run, which hands the implementation the real clock.
 *
 * <p>Locks are taken in one order, the JVM's before the database's, so no two tries wait for each other.
 */
public final class TryLocks {

    /** Shared by the tries that may overlap others, held alone by the ones that may not. */
    private static final ReentrantReadWriteLock JVM = new ReentrantReadWriteLock();
    /** One per database, by {@link Database#tablesAt()}. */
    private static final Map<String, ReentrantLock> DATABASES = new ConcurrentHashMap<>();

    private TryLocks() {
    }

    /** Locks that are held until closed. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    /** Nothing else runs in this JVM until closed: for a real-time run, or anything that touches the whole server. */
    public static Held alone() {
        Lock jvm = JVM.writeLock();
        jvm.lock();
        return jvm::unlock;
    }

    /** The locks a try of {@code trace} by {@code protocol} on {@code database} holds while it runs. */
    static Held forTry(Database database, LeaseProtocol protocol, boolean throughFaultProxies, Trace trace) {
        return onDatabase(database, throughFaultProxies || !overlaps(protocol, trace));
    }

    /** The database's lock, and the JVM's: shared, or alone when {@code alone}. */
    static Held onDatabase(Database database, boolean alone) {
        // a thread that holds the JVM alone already (a runner closed inside a real-time run) keeps it so
        Lock jvm = alone || JVM.isWriteLockedByCurrentThread() ? JVM.writeLock() : JVM.readLock();
        jvm.lock();
        ReentrantLock tables = DATABASES.computeIfAbsent(database.tablesAt(), where -> new ReentrantLock());
        tables.lock();
        return () -> {
            tables.unlock();
            jvm.unlock();
        };
    }

    /**
     * Whether a try of {@code trace} may overlap tries on other databases: its implementation is plain SQL, and it
     * neither stops the server nor touches its standby.
     */
    static boolean overlaps(LeaseProtocol protocol, Trace trace) {
        if (protocol.getClass() != SqlLeaseProtocol.class) {
            return false;
        }
        for (Step step : trace.steps()) {
            switch (step.action()) {
                case Action.CrashDatabase c -> {
                    return false;
                }
                case Action.Failover f -> {
                    return false;
                }
                case Action.StopStandby s -> {
                    return false;
                }
                case Action.HoldReplay h -> {
                    return false;
                }
                default -> {
                }
            }
        }
        return true;
    }
}
