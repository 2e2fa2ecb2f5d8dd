package fencecheck.protocol;

import fencecheck.db.SqlResources;
import fencecheck.model.Boundary;
import fencecheck.model.ModelConfig;
import fencecheck.model.Outcome.WriteOutcome;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The reference implementation on PostgreSQL: one SQL resource per operation
 * under {@code /fencecheck/sql/} (article A's statements, extended as
 * PROTOCOL.md says), run through a thin JDBC adapter ({@link #client}).
 *
 * <p>A variant is this class with some resources taken from a directory of
 * its own (searched before the reference files), and at most a small change
 * of the adapter made by overriding {@link #newOwner} or {@link #report}.
 * {@code new SqlLeaseProtocol()} is the reference.
 */
public class SqlLeaseProtocol implements LeaseProtocol, DeletesWithSql {

    /** The SQL resources, one per operation, by file name. */
    public enum Operation {
        ACQUIRE("acquire.sql"),
        RENEW("renew.sql"),
        RELEASE("release.sql"),
        WRITE_LATEST("write_latest.sql"),
        WRITE_FENCED("write_fenced.sql"),
        STORED_LATEST("stored_latest.sql"),
        STORED_FENCED("stored_fenced.sql"),
        INSPECT("inspect.sql"),
        SCHEMA("schema.sql"),
        DELETE_ALL("delete_all.sql"),
        CLAIM("job/claim.sql"),
        BUSINESS_ROW("job/business_row.sql"),
        OUTBOX_ROW("job/outbox_row.sql"),
        RELAY_NEXT("job/relay_next.sql"),
        RELAY_MARK("job/relay_mark.sql"),
        CONSUME("job/consume.sql"),
        INSPECT_JOB("job/inspect_job.sql");

        private final String file;

        Operation(String file) {
            this.file = file;
        }

        public String file() {
            return file;
        }
    }

    /** The name of the reference. */
    public static final String REFERENCE = "reference";

    /** The name of the reference with article B's boundary convention. */
    public static final String REFERENCE_EXCLUSIVE = "reference-exclusive";

    private final String name;
    private final String description;
    private final ModelConfig modelConfig;
    private final Map<Operation, String> sources = new EnumMap<>(Operation.class);
    private final Map<Operation, String> sql = new EnumMap<>(Operation.class);
    private final String[] sqlDirectories;

    /** The reference: INCLUSIVE boundary, idempotent re-grant. */
    public SqlLeaseProtocol() {
        this(REFERENCE, "", ModelConfig.reference());
    }

    /**
     * @param name           the name users select it by
     * @param description    what it does differently and which rule that breaks (empty for a reference)
     * @param modelConfig    the semantics it claims
     * @param sqlDirectories directories under {@code /fencecheck/sql/}, searched in order before the
     *                       reference files, e.g. {@code variants/renew-ignores-token}
     */
    protected SqlLeaseProtocol(String name, String description, ModelConfig modelConfig, String... sqlDirectories) {
        this.name = name;
        this.description = description;
        this.modelConfig = modelConfig;
        this.sqlDirectories = sqlDirectories.clone();
        for (Operation operation : Operation.values()) {
            String source = resolve(operation, sqlDirectories);
            sources.put(operation, source);
            sql.put(operation, SqlResources.load(source));
        }
    }

    private static String resolve(Operation operation, String[] directories) {
        for (String directory : directories) {
            String candidate = directory.replaceAll("/+$", "") + "/" + operation.file();
            Optional<String> found = SqlResources.find(candidate);
            if (found.isPresent()) {
                return candidate;
            }
        }
        return operation.file();
    }

    /** The reference with valid-while {@code now <= until} (article A). */
    public static SqlLeaseProtocol reference() {
        return new SqlLeaseProtocol();
    }

    /** The reference with valid-while {@code now < until} (article B): renew at the exact boundary is refused. */
    public static SqlLeaseProtocol referenceExclusive() {
        return new SqlLeaseProtocol(REFERENCE_EXCLUSIVE, "", ModelConfig.reference().withBoundary(Boundary.EXCLUSIVE), "exclusive");
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

    /** A fresh owner for every execution: a restarted worker is a new owner. */
    @Override
    public UUID newOwner(String worker) {
        return UUID.randomUUID();
    }

    @Override
    public void installSchema(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql(Operation.SCHEMA));
        }
    }

    @Override
    public void deleteAllRows(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(deleteAllRowsSql());
        }
    }

    @Override
    public String deleteAllRowsSql() {
        return sql(Operation.DELETE_ALL);
    }

    @Override
    public LeaseClient client(Connection connection) throws SQLException {
        return new SqlLeaseClient(this, connection);
    }

    /** The SQL this implementation runs for {@code operation}. */
    public String sql(Operation operation) {
        return sql.get(operation);
    }

    /**
     * A statement only some variants have (the reference has none), e.g. a
     * fence read that runs before a write: searched in this implementation's
     * own directories only.
     */
    public Optional<String> extraSql(String file) {
        for (String directory : sqlDirectories) {
            String candidate = directory.replaceAll("/+$", "") + "/" + file;
            if (SqlResources.find(candidate).isPresent()) {
                return Optional.of(SqlResources.load(candidate));
            }
        }
        return Optional.empty();
    }

    /** The job transaction's client on a worker's connection; it shares the connection with {@link #client}. */
    @Override
    public JobClient jobClient(Connection connection) throws SQLException {
        return new SqlJobClient(this, connection, bindsJobRowsToClaim());
    }

    /**
     * Whether business and outbox rows are written only after the claim held.
     * Only a known-buggy variant says no.
     */
    protected boolean bindsJobRowsToClaim() {
        return true;
    }

    /** The resource path of {@link #sql(Operation)}, relative to {@code /fencecheck/sql/}. */
    public String source(Operation operation) {
        return sources.get(operation);
    }

    /** The operations whose SQL differs from the reference files, for reports. */
    public List<Operation> overridden() {
        List<Operation> changed = new ArrayList<>();
        for (Operation operation : Operation.values()) {
            if (!source(operation).equals(operation.file())) {
                changed.add(operation);
            }
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
