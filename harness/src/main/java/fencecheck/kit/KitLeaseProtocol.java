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
        void install(Connection connection) throws SQLException;
    }

    /** The library's calls bound to one session's connection. */
    @FunctionalInterface
    public interface Calls {
        LockCalls open(Connection connection) throws SQLException;
    }

    /** What an implementation tells the kit: its schema, lock table, fence and calls are required. */
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

        /** The name users select it by; by default its class's fully qualified name. */
        public Builder name(String value) {
            this.name = value;
            return this;
        }

        public Builder description(String value) {
            this.description = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The semantics the library claims; by default the reference's, with renew and release bound to the owner
         * alone and rows compared by validity and answers, as for a library without a token.
         */
        public Builder modelConfig(ModelConfig value) {
            this.modelConfig = value;
            return this;
        }

        /** The default semantics changed where the library differs, e.g. {@code c -> c.withBoundary(Boundary.EXCLUSIVE)}. */
        public Builder semantics(UnaryOperator<ModelConfig> change) {
            this.modelConfig = change.apply(modelConfig);
            return this;
        }

        /** The library's own tables; the kit's are installed after them. */
        public Builder schema(Schema value) {
            this.schema = value;
            return this;
        }

        /** The library's tables as a SQL file on the class path, run as written. */
        public Builder schemaResource(String path) {
            return schema(connection -> {
                try (Statement s = connection.createStatement()) {
                    s.execute(resource(path));
                }
            });
        }

        /** Where the library keeps its leases, for {@code inspect}, the reset and form (b)'s trigger. */
        public Builder lockTable(LockTable value) {
            this.lockTable = value;
            return this;
        }

        public Builder fence(FenceSource value) {
            this.fence = value;
            return this;
        }

        public Builder calls(Calls value) {
            this.calls = value;
            return this;
        }

        /**
         * Sink files of the implementation's own, in a folder on the class path (e.g. {@code /my-sinks}): each of
         * {@code write_latest.sql}, {@code write_fenced.sql}, {@code read_fence.sql}, {@code stored_latest.sql},
         * {@code stored_fenced.sql}, {@code inspect.sql} and {@code delete_all.sql} there replaces the kit's, as a
         * pack's own file does; the kit's token, install and the files not there stay the kit's. By default the kit's
         * sinks alone.
         */
        public Builder sinks(String classpathFolder) {
            this.sinks = Objects.requireNonNull(classpathFolder);
            return this;
        }

        /** The owner of a new execution by {@code worker}; fresh every time by default. */
        public Builder newOwner(Function<String, UUID> value) {
            this.newOwner = Objects.requireNonNull(value);
            return this;
        }

        /** Hands the run's clock to a library that takes time from Java ({@link LeaseProtocol#useClock}). */
        public Builder useClock(Consumer<Clock> value) {
            this.useClock = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The lock table's until column holds when the lease was taken or last renewed, not when it ends
         * (db-scheduler's {@code last_heartbeat}): the lease ends the asked lease length after it.
         */
        public Builder untilIsLastRenewal() {
            this.untilIsLastRenewal = true;
            return this;
        }

        public Builder restartCoordinator(Runnable value) {
            this.restartCoordinator = Objects.requireNonNull(value);
            return this;
        }

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
    /** Null unless the lock table stores the last renewal rather than the lease end. */
    private final LastRenewal lastRenewal;
    /** The kit's sinks, inspect and reset (or the implementation's own) over the library's calls. */
    private final SqlLeaseProtocol sinks;
    private final LeaseHolders holders = new LeaseHolders();

    public static Builder builder() {
        return new Builder();
    }

    protected KitLeaseProtocol(Builder builder) {
        this.name = builder.name != null ? builder.name : getClass().getName();
        this.description = builder.description;
        this.modelConfig = require(builder.modelConfig, "modelConfig");
        this.schema = require(builder.schema, "schema");
        this.settings = new KitSettings(require(builder.fence, "fence"), require(builder.lockTable, "lockTable"));
        this.calls = require(builder.calls, "calls");
        this.newOwner = builder.newOwner;
        this.useClock = builder.useClock;
        this.restartCoordinator = builder.restartCoordinator;
        this.lastRenewal = builder.untilIsLastRenewal ? new LastRenewal() : null;
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

    /** The kit's rows and every registered lock table's. */
    @Override
    public String deleteAllRowsSql() {
        return sinks.deleteAllRowsSql();
    }

    /** The library's calls under the kit's token and sinks; leases named by execution ({@link LockCalls#ownerValue}). */
    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        LockCalls opened = calls.open(connection);
        LeaseClient client = holders.naming(sinks.client(connection, opened), opened);
        return lastRenewal == null ? client : lastRenewal.client(client);
    }

    @Override
    public void useClock(Clock clock) {
        useClock.accept(clock);
    }

    @Override
    public void restartCoordinator() {
        restartCoordinator.run();
    }

    /** Where the token comes from and which table holds the leases. */
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
