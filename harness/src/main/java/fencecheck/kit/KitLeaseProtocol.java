package fencecheck.kit;

import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.RowComparison;
import fencecheck.protocol.DeletesWithSql;
import fencecheck.protocol.SqlLeaseProtocol;
import fencecheck.protocol.pack.SqlPacks;
import org.apiguardian.api.API;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A Java implementation that brings only its lock library's calls ({@link LockCalls}) and its schema; the kit
 * gives it the token ({@link FenceSource}), both sinks, {@code inspect} and the reset. Made by {@link #builder};
 * to be selected by class name, subclass it with a public no-argument constructor:
 * <pre>{@code
 * public class MyLeases extends KitLeaseProtocol {
 *     public MyLeases() {
 *         super(KitLeaseProtocol.builder()
 *                 .semantics(c -> c.withBoundary(Boundary.EXCLUSIVE))
 *                 .schemaResource("/my-lock-schema.sql")
 *                 .lockTable(new LockTable("my_locks", "name", "holder", "lease_until"))
 *                 .fence(FenceSource.FENCE_ROW)
 *                 .calls(MyCalls::new));
 *     }
 * }
 * }</pre>
 */
@API(status = API.Status.STABLE, since = "0.1")
public class KitLeaseProtocol implements LeaseProtocol, DeletesWithSql {

    /** What the library's schema install does on fencecheck's install connection. */
    @FunctionalInterface
    public interface Schema {
        /**
         * Creates the library's tables, idempotently ({@code create ... if not exists}): it runs once per database
         * server and JVM, and another JVM may have run it on the same server already (see
         * {@link LeaseProtocol#installSchema}).
         *
         * @param connection the install connection, whose search path puts {@code public} first; fencecheck closes it
         * @throws SQLException when the tables cannot be created: the run stops with the message's first line
         */
        void install(Connection connection) throws SQLException;
    }

    /** The library's calls bound to one session's connection. */
    @FunctionalInterface
    public interface Calls {
        /**
         * The library's calls on a session that just connected, for as long as it lives: once per session, as
         * {@link LeaseProtocol#client} is. They are closed with the session's client.
         *
         * @param connection the session's connection, fencecheck's: every statement of the calls goes on it, and on
         *                   nothing else (a library that wants a {@code DataSource} gets a {@link SessionDataSource})
         * @return the library's acquire, renew and release on {@code connection}
         * @throws SQLException when preparing on the connection fails: the session is not opened
         */
        LockCalls open(Connection connection) throws SQLException;
    }

    /**
     * What an implementation tells the kit. Its schema ({@link #schema} or {@link #schemaResource}), lock table, fence
     * and calls are required; everything else has a default. Each method returns this builder.
     */
    public static final class Builder {
        private String name;
        private String description = "";
        /** A library without a token: renew and release bind to the owner; lease ends are judged through answers. */
        private ModelConfig modelConfig = ModelConfig.reference().withBinding(OperationBinding.OWNER_ONLY)
                .withRowComparison(RowComparison.VALIDITY_AND_ANSWERS);
        private Schema schema;
        private LockTable lockTable;
        private FenceSource fence;
        private Calls calls;
        private String sinks;
        private Function<String, UUID> newOwner = worker -> UUID.randomUUID();
        private Consumer<Clock> useClock = clock -> { };
        private Runnable restartCoordinator = () -> { };
        private boolean untilIsLastRenewal;

        private Builder() {
        }

        /**
         * The name users select it by ({@link LeaseProtocol#name}); by default the fully qualified name of the class
         * built. A replay selects the implementation by this name again, and a subclass is found by its class name,
         * so change it only for an instance that is never selected by name.
         *
         * @param value the name
         * @return this builder
         */
        public Builder name(String value) {
            this.name = value;
            return this;
        }

        /**
         * One sentence on what the implementation does differently from the reference ({@link LeaseProtocol#description});
         * empty by default.
         *
         * @param value the sentence, not null
         * @return this builder
         */
        public Builder description(String value) {
            this.description = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The semantics the library claims; by default the reference's, with renew and release bound to the owner
         * alone and rows compared by validity and answers, as for a library without a token. It replaces the whole
         * config, what earlier {@link #semantics} calls changed included.
         *
         * @param value the semantics the implementation claims ({@link LeaseProtocol#modelConfig})
         * @return this builder
         */
        public Builder modelConfig(ModelConfig value) {
            this.modelConfig = value;
            return this;
        }

        /**
         * The default semantics changed where the library differs, e.g. {@code c -> c.withBoundary(Boundary.EXCLUSIVE)}.
         * The change applies at once to the config the builder holds then (the default, or what {@link #modelConfig}
         * and earlier changes made it).
         *
         * @param change what to change in the config
         * @return this builder
         */
        public Builder semantics(UnaryOperator<ModelConfig> change) {
            this.modelConfig = change.apply(modelConfig);
            return this;
        }

        /**
         * The library's own tables; the kit's (and, for {@link FenceSource#TRIGGER}, its triggers on the lock table)
         * are installed after them. Required, unless {@link #schemaResource} gives them.
         *
         * @param value what creates the library's tables
         * @return this builder
         */
        public Builder schema(Schema value) {
            this.schema = value;
            return this;
        }

        /**
         * The library's tables as a SQL file on the class path, run as written (the whole file in one
         * {@code execute}) at install, when the file is read. It must be idempotent, as {@link Schema#install} is.
         * Replaces an earlier {@link #schema}.
         *
         * @param path the file's path on the class path, e.g. {@code /my-lock-schema.sql}; a file that is not there
         *             fails the install, naming it
         * @return this builder
         */
        public Builder schemaResource(String path) {
            return schema(connection -> {
                try (Statement s = connection.createStatement()) {
                    s.execute(resource(path));
                }
            });
        }

        /**
         * Where the library keeps its leases, for {@code inspect}, the reset and form (b)'s trigger. Required.
         *
         * @param value the library's lock table and the columns the kit reads
         * @return this builder
         */
        public Builder lockTable(LockTable value) {
            this.lockTable = value;
            return this;
        }

        /**
         * Where the token comes from. Required. {@link FenceSource#TRIGGER} needs the lock table's new-lease columns
         * ({@link LockTable#newLeaseWhenChanged} and its siblings), and the other two take none; {@link #build}
         * refuses a mismatch, saying what to change.
         *
         * @param value the library's own token, form (a)'s fence row or form (b)'s trigger
         * @return this builder
         */
        public Builder fence(FenceSource value) {
            this.fence = value;
            return this;
        }

        /**
         * The library's acquire, renew and release, opened on each session. Required.
         *
         * @param value what opens the calls on a session's connection, e.g. {@code MyLockCalls::new}
         * @return this builder
         */
        public Builder calls(Calls value) {
            this.calls = value;
            return this;
        }

        /**
         * Sink files of the implementation's own, in a folder on the class path (e.g. {@code /my-sinks}): each of
         * {@code write_latest.sql}, {@code write_fenced.sql}, {@code read_fence.sql}, {@code stored_latest.sql},
         * {@code stored_fenced.sql}, {@code inspect.sql} and {@code delete_all.sql} there replaces the kit's, as a
         * pack's own file does; the kit's token, install and the files not there stay the kit's. By default the kit's
         * sinks alone. A folder with none of these files, or with an {@code acquire.sql}, {@code renew.sql},
         * {@code release.sql} or {@code schema.sql} (which the Java replaces), is refused by {@link #build}.
         *
         * @param classpathFolder the folder on the class path, not null
         * @return this builder
         */
        public Builder sinks(String classpathFolder) {
            this.sinks = Objects.requireNonNull(classpathFolder);
            return this;
        }

        /**
         * The owner of a new execution by {@code worker} ({@link LeaseProtocol#newOwner}); a random UUID, fresh every
         * time, by default. In real time it is called while other workers' calls run.
         *
         * @param value from the worker's role (e.g. {@code w1}) to the owner id of its new incarnation, not null
         * @return this builder
         */
        public Builder newOwner(Function<String, UUID> value) {
            this.newOwner = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Hands the run's clock to a library that takes time from Java ({@link LeaseProtocol#useClock}), before every
         * try of every property: the virtual clock in lock step, {@link Clock#systemUTC()} in real time. By default
         * the clock is ignored, which is right for a library that takes every instant from the database; a library
         * that reads the JVM's clock itself and takes no clock cannot run in lock step (its first grant stops the
         * property with one line naming the clock): check it in real time only.
         *
         * @param value what gives the clock to the library, not null
         * @return this builder
         */
        public Builder useClock(Consumer<Clock> value) {
            this.useClock = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The lock table's until column holds when the lease was taken or last renewed, not when it ends
         * (db-scheduler's {@code last_heartbeat}): the lease ends the asked lease length after it. The same as
         * {@link LockTable#untilIsLastRenewal()} on the lock table, which says it where the table is described.
         *
         * @return this builder
         */
        public Builder untilIsLastRenewal() {
            this.untilIsLastRenewal = true;
            return this;
        }

        /**
         * What a restart of the coordinator does to the library ({@link LeaseProtocol#restartCoordinator}): forget
         * what it keeps in memory, e.g. a lock registry per process. Also run before every lock-step try. By default
         * nothing, for a library that keeps nothing outside the database.
         *
         * @param value what the restart does, not null
         * @return this builder
         */
        public Builder restartCoordinator(Runnable value) {
            this.restartCoordinator = Objects.requireNonNull(value);
            return this;
        }

        /**
         * An implementation with these settings, for a caller that takes an instance; to be selected by class name,
         * pass the builder to a subclass's constructor instead.
         *
         * @return the implementation
         * @throws IllegalArgumentException when the schema, lock table, fence or calls are missing, the fence and
         *                                  the lock table's new-lease columns disagree, or the {@link #sinks} folder
         *                                  does not fit; the message says which and what to add
         */
        public KitLeaseProtocol build() {
            return new KitLeaseProtocol(this);
        }
    }

    private final String name;
    private final String description;
    private final ModelConfig modelConfig;
    private final Schema schema;
    private final KitSettings settings;
    private final Calls calls;
    private final Function<String, UUID> newOwner;
    private final Consumer<Clock> useClock;
    private final Runnable restartCoordinator;
    /** The kit's sinks, inspect and reset (or the implementation's own) over the library's calls. */
    private final SqlLeaseProtocol sinks;
    private final LeaseHolders holders = new LeaseHolders();

    /**
     * A builder with the kit's defaults: the reference's semantics with renew and release bound to the owner and rows
     * compared by validity and answers, a fresh owner per execution, the kit's sinks.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The implementation a subclass's public no-argument constructor makes, so that it can be selected by class name.
     *
     * @param builder the settings
     * @throws IllegalArgumentException as {@link Builder#build} does
     */
    protected KitLeaseProtocol(Builder builder) {
        this.name = builder.name != null ? builder.name : getClass().getName();
        this.description = builder.description;
        this.modelConfig = require(builder.modelConfig, "modelConfig");
        this.schema = require(builder.schema, "schema");
        LockTable lock = require(builder.lockTable, "lockTable");
        this.settings = new KitSettings(require(builder.fence, "fence"), builder.untilIsLastRenewal ? lock.untilIsLastRenewal() : lock);
        this.calls = require(builder.calls, "calls");
        this.newOwner = builder.newOwner;
        this.useClock = builder.useClock;
        this.restartCoordinator = builder.restartCoordinator;
        this.sinks = new SqlLeaseProtocol(name, SqlPacks.kitOnly(name, description, modelConfig, settings, builder.sinks));
    }

    private <T> T require(T value, String setting) {
        if (value == null) {
            throw new IllegalArgumentException(name + ": the kit needs " + setting + "(...); add it to the builder");
        }
        return value;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public ModelConfig modelConfig() {
        return modelConfig;
    }

    @Override
    public UUID newOwner(String worker) {
        return newOwner.apply(worker);
    }

    @Override
    public void installSchema(Connection connection) throws SQLException {
        schema.install(connection);
        KitInstall.install(connection, settings, modelConfig.boundary());
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(deleteAllRowsSql());
        }
    }

    /**
     * The statements that delete the kit's rows and every registered lock table's, sent with the clock's reset.
     *
     * @return plain SQL without parameters, statements separated by semicolons
     */
    @Override
    public String deleteAllRowsSql() {
        return sinks.deleteAllRowsSql();
    }

    /** The library's calls under the kit's token and sinks; leases named by execution ({@link LockCalls#ownerValue}). */
    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        LockCalls opened = calls.open(connection);
        return holders.naming(sinks.client(connection, opened), opened);
    }

    @Override
    public void useClock(Clock clock) {
        useClock.accept(clock);
    }

    @Override
    public void restartCoordinator() {
        restartCoordinator.run();
    }

    /**
     * Whether the lock table's until column holds the last renewal ({@link Builder#untilIsLastRenewal}): the lease
     * length is then one per process, and the real-time workers must all ask for it.
     *
     * @return true when the kit reads a lease end as that column plus the latest lease length asked for
     */
    public boolean untilIsLastRenewal() {
        return settings.lock().lastRenewal();
    }

    /**
     * Where the token comes from and which table holds the leases, as the builder was given them.
     *
     * @return the fence source and the lock table, in the form the kit's own SQL reads them
     */
    public KitSettings settings() {
        return settings;
    }

    @Override
    public String toString() {
        return name;
    }

    private static String resource(String path) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        String relative = path.startsWith("/") ? path.substring(1) : path;
        try (InputStream in = context != null ? context.getResourceAsStream(relative)
                : KitLeaseProtocol.class.getResourceAsStream("/" + relative)) {
            if (in == null) {
                throw new IllegalStateException("no " + path + " on the class path; give the library's schema file as /PATH");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }
}
