package fencecheck.protocol;

import fencecheck.api.Conformance;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome.WriteOutcome;
import fencecheck.kit.KitInstall;
import fencecheck.kit.KitSql;
import fencecheck.kit.LastRenewal;
import fencecheck.kit.LockCalls;
import fencecheck.protocol.pack.Operation;
import fencecheck.protocol.pack.PackFile;
import fencecheck.protocol.pack.PreparedOperation;
import fencecheck.protocol.pack.SqlPack;
import fencecheck.protocol.pack.SqlPacks;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/**
 * An implementation written as a SQL pack ({@link SqlPack}): one file per
 * operation with named parameters, run through a thin JDBC adapter
 * ({@link #client}, {@link #jobClient}). The reference, its alternatives, the
 * known-buggy SQL variants and a user's {@code sql:DIR} are all this class
 * over a pack loaded by {@link SqlPacks}.
 *
 * <p>A variant that differs in Java (the adapter, not the SQL) is a subclass
 * that overrides {@link #newOwner}, {@link #report}, {@link #bindsJobRowsToClaim}
 * or a client. {@code new SqlLeaseProtocol()} is the reference.
 */
public class SqlLeaseProtocol implements LeaseProtocol, DeletesWithSql {

    /** The name of the reference. */
    public static final String REFERENCE = "reference";

    /** The name of the reference with article B's boundary convention. */
    public static final String REFERENCE_EXCLUSIVE = "reference-exclusive";

    private final String name;
    private final SqlPack pack;
    /** For a kit pack whose lock table keeps the last renewal rather than the lease's end; null otherwise. */
    private final LastRenewal lastRenewal;

    /** The reference: INCLUSIVE boundary, idempotent re-grant. */
    public SqlLeaseProtocol() {
        this(SqlPacks.builtIn(REFERENCE));
    }

    /** The pack under its own name (a built-in pack's name is the one users select it by). */
    public SqlLeaseProtocol(SqlPack pack) {
        this(pack.name(), pack);
    }

    /**
     * The pack under the name it was selected by, e.g. {@code sql:packs/mine}:
     * traces and the commands that replay them name it so.
     */
    public SqlLeaseProtocol(String name, SqlPack pack) {
        this.name = name;
        this.pack = pack;
        this.lastRenewal = pack.kit().filter(kit -> kit.lock().lastRenewal()).map(kit -> new LastRenewal()).orElse(null);
    }

    /**
     * The reference pack with some files taken from folders of their own, for
     * a Java variant or a test.
     *
     * @param name        the name users select it by
     * @param description what it does differently and which rule that breaks (empty for a correct one)
     * @param modelConfig the semantics it claims
     * @param overlays    folders on the class path under {@code /fencecheck/packs/}, searched in order before
     *                    the reference's files
     */
    protected SqlLeaseProtocol(String name, String description, ModelConfig modelConfig, String... overlays) {
        this(SqlPacks.overReference(name, description, modelConfig, overlays));
    }

    /** The reference with valid-while {@code now <= until} (article A). */
    public static SqlLeaseProtocol reference() {
        return new SqlLeaseProtocol();
    }

    /** The reference with valid-while {@code now < until} (article B): renew at the exact boundary is refused. */
    public static SqlLeaseProtocol referenceExclusive() {
        return new SqlLeaseProtocol(SqlPacks.builtIn(REFERENCE_EXCLUSIVE));
    }

    /** The built-in pack {@code name} as an implementation (a correct alternative or a known-buggy SQL variant). */
    static SqlLeaseProtocol builtIn(String name) {
        return new SqlLeaseProtocol(SqlPacks.builtIn(name));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return pack.description();
    }

    @Override
    public ModelConfig modelConfig() {
        return pack.modelConfig();
    }

    @Override
    public Conformance conformance() {
        return pack.conformance();
    }

    /** The pack it runs. */
    public SqlPack pack() {
        return pack;
    }

    /** A fresh owner for every execution: a restarted worker is a new owner. */
    @Override
    public UUID newOwner(String worker) {
        return UUID.randomUUID();
    }

    /**
     * Runs {@code schema.sql} as written, then, for a pack that says {@code sinks=kit}, the kit's tables next to
     * the library's; a failure names the file and the database's first line.
     */
    @Override
    public void installSchema(Connection connection) throws SQLException {
        PackFile schema = pack.file(Operation.SCHEMA);
        try (Statement s = connection.createStatement()) {
            s.execute(schema.text());
        } catch (SQLException e) {
            String first = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new SQLException(schema.source() + " failed: " + first + "; fix it (it runs once per database,"
                    + " in the public schema)", e.getSQLState(), e);
        }
        if (pack.kit().isPresent()) {
            KitInstall.install(connection, pack.kit().get(), modelConfig().boundary());
        }
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(deleteAllRowsSql());
        }
    }

    /**
     * {@code delete_all.sql} as JDBC text (its {@code ?}s doubled), sent with the harness's clock reset; for a kit
     * pack with a {@code delete_all.sql} of its own, followed by the kit's.
     */
    @Override
    public String deleteAllRowsSql() {
        PackFile deleteAll = pack.file(Operation.DELETE_ALL);
        boolean kitsOwn = deleteAll.origin().equals(SqlPacks.CLASSPATH + KitSql.SINKS);
        return pack.kit().isPresent() && !kitsOwn ? deleteAll.jdbc() + ";\n" + KitSql.deleteAll() : deleteAll.jdbc();
    }

    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        return readingLastRenewal(new SqlLeaseClient(this, connection, null));
    }

    /**
     * A client whose acquire, renew and release are {@code calls} and whose writes and inspect are this pack's:
     * how a Java implementation of the kit gets the kit's sinks ({@code fencecheck.kit.KitLeaseProtocol}).
     */
    public LeaseClient client(Connection connection, LockCalls calls) throws SQLException {
        return readingLastRenewal(new SqlLeaseClient(this, connection, calls));
    }

    /** A lease whose lock table keeps its last renewal ends one lease length after it ({@link LastRenewal}). */
    private LeaseClient readingLastRenewal(LeaseClient client) {
        return lastRenewal == null ? client : lastRenewal.client(client);
    }

    /**
     * For a kit pack: whether the library's acquire and the kit's fence share one transaction. Only a known-unsafe
     * variant says no (its acquire commits, then the fence moves), so that fencecheck shows what that costs.
     */
    protected boolean advancesFenceInAcquireTransaction() {
        return true;
    }

    /** Whether a lease operation's file of its pack holds several statements ({@link SqlPack#hasSeveralStatementsInAFile}). */
    @Override
    public boolean stopsBetweenStatements() {
        return pack.hasSeveralStatementsInAFile();
    }

    /** Whether the pack has the job files; without them it is lease-only and the job properties skip it. */
    @Override
    public boolean hasJobTransaction() {
        return pack.hasJobTransaction();
    }

    /** The job transaction's client on a worker's connection; it shares the connection with {@link #client}. */
    @Override
    public JobClient jobClient(Connection connection) throws SQLException {
        if (!pack.hasJobTransaction()) {
            throw new UnsupportedOperationException(name + " has no job transaction, outbox or consumer (its pack has no job/ files)");
        }
        return new SqlJobClient(this, connection, bindsJobRowsToClaim());
    }

    /** The statements of {@code operation} prepared on {@code connection}; the pack must have the file. */
    public PreparedOperation prepare(Connection connection, Operation operation) throws SQLException {
        return new PreparedOperation(connection, pack.file(operation));
    }

    /** Whether the pack has the (optional) file of {@code operation}. */
    public boolean has(Operation operation) {
        return pack.find(operation).isPresent();
    }

    /**
     * Whether business and outbox rows are written only after the claim held.
     * Only a known-buggy variant says no.
     */
    protected boolean bindsJobRowsToClaim() {
        return true;
    }

    /** The SQL this implementation runs for {@code operation}, as written in its file. */
    public String sql(Operation operation) {
        return pack.file(operation).text();
    }

    /** Where the file of {@code operation} came from, e.g. {@code reference/acquire.sql}. */
    public String source(Operation operation) {
        return pack.file(operation).source();
    }

    /** The operations whose file does not come from the reference pack, for reports. */
    public List<Operation> overridden() {
        String reference = SqlPacks.builtIn(REFERENCE).file(Operation.ACQUIRE).origin();
        List<Operation> changed = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            pack.find(operation).filter(f -> !f.origin().equals(reference)).ifPresent(f -> changed.add(operation));
        }
        return Collections.unmodifiableList(changed);
    }

    /**
     * What the adapter reports for the word a write statement returned. The
     * reference reports it as it is; in no case may an unapplied write be
     * reported as a success.
     */
    protected WriteOutcome report(WriteOutcome returnedByStatement) {
        return returnedByStatement;
    }

    @Override
    public String toString() {
        return name;
    }
}
