package fencecheck.protocol;

import fencecheck.api.LeaseProtocol;
import fencecheck.protocol.pack.PackException;
import fencecheck.protocol.pack.SqlPacks;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Selects the implementation under test by name: {@code reference},
 * {@code reference-exclusive}, a correct alternative ({@link Alternatives}), a
 * known-buggy variant ({@link Variants}, {@link FaultVariants},
 * {@link JobVariants}, {@link RealTimeVariants}, {@link ReplicaVariants}), a user's SQL pack ({@code sql:DIR} or
 * {@code sql:classpath:/PATH}), or the fully qualified class name of a user's
 * {@link LeaseProtocol} with a public no-argument constructor. The system
 * property {@value #PROPERTY} picks it for a run.
 *
 * <p>Every name whose implementation is SQL alone (the reference, its
 * alternatives, the SQL variants) and every {@code sql:} pack is loaded by
 * {@link SqlPacks}; the variants that differ in Java are subclasses of
 * {@link SqlLeaseProtocol} over the reference pack.
 */
public final class Implementations {

    public static final String PROPERTY = "fencecheck.implementation";

    private Implementations() {
    }

    /** The implementation named by {@value #PROPERTY}, {@code reference} when unset. */
    public static LeaseProtocol fromSystemProperty() {
        String name = System.getProperty(PROPERTY);
        return select(name == null || name.isBlank() ? SqlLeaseProtocol.REFERENCE : name);
    }

    /**
     * A new instance of the named implementation.
     *
     * @throws IllegalArgumentException with a one-line message listing the valid names
     */
    public static LeaseProtocol select(String name) {
        if (name == null || name.isBlank()) {
            throw unknown(String.valueOf(name));
        }
        String n = name.strip();
        if (n.startsWith(SqlPacks.PREFIX)) {
            return pack(n);
        }
        if (n.equals(SqlLeaseProtocol.REFERENCE)) {
            return SqlLeaseProtocol.reference();
        }
        if (n.equals(SqlLeaseProtocol.REFERENCE_EXCLUSIVE)) {
            return SqlLeaseProtocol.referenceExclusive();
        }
        Supplier<LeaseProtocol> variant = Alternatives.byName(n);
        if (variant == null) {
            variant = Variants.byName(n);
        }
        if (variant == null) {
            variant = FaultVariants.byName(n);
        }
        if (variant == null) {
            variant = JobVariants.byName(n);
        }
        if (variant == null) {
            variant = RealTimeVariants.byName(n);
        }
        if (variant == null) {
            variant = ReplicaVariants.byName(n);
        }
        if (variant != null) {
            return variant.get();
        }
        if (n.contains(".")) {
            return byClassName(n);
        }
        throw unknown(n);
    }

    /**
     * The correct implementations besides the reference, newly made: the
     * reference with article B's boundary, and the ones that lock differently.
     */
    public static List<LeaseProtocol> correctAlternatives() {
        List<LeaseProtocol> correct = new ArrayList<>();
        correct.add(SqlLeaseProtocol.referenceExclusive());
        correct.addAll(Alternatives.all());
        return correct;
    }

    /** The known-buggy variants, newly made. */
    public static List<LeaseProtocol> variants() {
        return Variants.all();
    }

    /** The known-buggy variants that only faults (lost answers, crashes, restarts) reveal, newly made. */
    public static List<LeaseProtocol> faultVariants() {
        return FaultVariants.all();
    }

    /** The known-buggy variants of the job transaction, the outbox and the consumer, newly made. */
    public static List<LeaseProtocol> jobVariants() {
        return JobVariants.all();
    }

    /** The known-buggy variants whose bug needs real time to show, newly made. */
    public static List<LeaseProtocol> realTimeVariants() {
        return RealTimeVariants.all();
    }

    /** The known-buggy variants whose bug only a replicated database shows (reads on the standby), newly made. */
    public static List<LeaseProtocol> replicaVariants() {
        return ReplicaVariants.all();
    }

    /** Every name {@link #select} accepts besides a class name. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(SqlLeaseProtocol.REFERENCE);
        names.add(SqlLeaseProtocol.REFERENCE_EXCLUSIVE);
        names.addAll(Alternatives.names());
        names.addAll(Variants.names());
        names.addAll(FaultVariants.names());
        names.addAll(JobVariants.names());
        names.addAll(RealTimeVariants.names());
        names.addAll(ReplicaVariants.names());
        return List.copyOf(names);
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException(PROPERTY + "=" + name + " is not a known implementation; use one of "
                + String.join(", ", names())
                + ", or the fully qualified name of a class implementing " + LeaseProtocol.class.getName()
                + " with a public no-argument constructor, or sql:DIR for a folder of SQL files (a SQL pack)");
    }

    /** A user's SQL pack, named as selected so that traces and replay commands select it again. */
    private static LeaseProtocol pack(String selected) {
        try {
            return new SqlLeaseProtocol(selected, SqlPacks.load(selected.substring(SqlPacks.PREFIX.length())));
        } catch (PackException e) {
            throw new IllegalArgumentException(PROPERTY + "=" + selected + ": " + e.getMessage(), e);
        }
    }

    private static LeaseProtocol byClassName(String className) {
        Class<?> type;
        try {
            type = Class.forName(className, true, classLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException(PROPERTY + "=" + className + ": no such class on the class path ("
                    + e.getClass().getSimpleName() + "); use one of " + String.join(", ", names())
                    + ", or the name of a class implementing " + LeaseProtocol.class.getName(), e);
        }
        if (!LeaseProtocol.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(PROPERTY + "=" + className + " does not implement " + LeaseProtocol.class.getName());
        }
        if (Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException(PROPERTY + "=" + className + " is abstract; name a concrete class");
        }
        try {
            Constructor<?> constructor = type.getConstructor();
            return (LeaseProtocol) constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(PROPERTY + "=" + className + " has no public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new IllegalArgumentException(PROPERTY + "=" + className + ": its constructor failed: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(PROPERTY + "=" + className + " cannot be instantiated: " + e, e);
        }
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : Implementations.class.getClassLoader();
    }
}
