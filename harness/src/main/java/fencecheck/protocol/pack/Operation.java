package fencecheck.protocol.pack;

import java.util.List;

/**
 * The files of a SQL pack, one per operation, with the named parameters each
 * operation gives its SQL and what it must return: this list is the pack
 * layout.
 *
 * <p>Types of the parameters: {@code job_key}, {@code result_id},
 * {@code payload}, {@code business_key} are text; {@code owner} is a uuid;
 * {@code token}, {@code ttl_micros} (microseconds), {@code outbox_id} and
 * {@code fence} are bigint.
 */
public enum Operation {

    SCHEMA("schema.sql", Part.LEASE, "creates the tables (if they do not exist); runs once per database"),
    DELETE_ALL("delete_all.sql", Part.LEASE, "deletes every row of those tables; runs before every try"),
    ACQUIRE("acquire.sql", Part.LEASE, "one row (token, until) when granted, no row when busy",
            "job_key", "owner", "ttl_micros"),
    RENEW("renew.sql", Part.LEASE, "one row (until) when renewed, no row when refused",
            "job_key", "owner", "token", "ttl_micros"),
    RELEASE("release.sql", Part.LEASE, "one row when released, no row when refused",
            "job_key", "owner", "token"),
    WRITE_LATEST("write_latest.sql", Part.LEASE, "one row: Applied, Replayed, Conflict, Stale, Forged (or Unseen, with"
            + " stored_latest.sql)",
            "job_key", "token", "result_id", "payload"),
    READ_FENCE("read_fence.sql", Part.LEASE_HOOK, "one row whose first column is the fence (or no row); given to"
            + " write_fenced.sql as :fence", "job_key"),
    WRITE_FENCED("write_fenced.sql", Part.LEASE, "one row: Applied, Replayed, Conflict, Stale, Forged (or Unseen, with"
            + " stored_fenced.sql)",
            "job_key", "token", "result_id", "payload"),
    STORED_LATEST("stored_latest.sql", Part.LEASE_HOOK, "the key's latest-token result as committed now: one row (token,"
            + " payload) or none; read when write_latest.sql answers Unseen", "job_key"),
    STORED_FENCED("stored_fenced.sql", Part.LEASE_HOOK, "the result id's fenced result as committed now: one row (payload)"
            + " or none; read when write_fenced.sql answers Unseen", "job_key", "result_id"),
    INSPECT("inspect.sql", Part.LEASE, "the key's lease and sink rows: columns kind, name, token, until, payload"
            + " (and optionally released)", "job_key"),
    CLAIM("job/claim.sql", Part.JOB, "a row when the claim held, no row when it did not",
            "job_key", "token"),
    BUSINESS_ROW("job/business_row.sql", Part.JOB, "a row when inserted, no row when already there",
            "job_key", "result_id", "token", "payload"),
    OUTBOX_ROW("job/outbox_row.sql", Part.JOB, "a row when inserted, no row when already there",
            "job_key", "result_id", "token", "payload"),
    FINISH_JOB("job/finish_job.sql", Part.JOB_HOOK, "nothing; runs just before COMMIT when the claim held",
            "job_key", "token"),
    RELAY_NEXT("job/relay_next.sql", Part.JOB, "the oldest undelivered message: one row (id, business_key, job_key,"
            + " result_id, token, payload), or none"),
    RELAY_MARK("job/relay_mark.sql", Part.JOB, "nothing; marks the message delivered", "outbox_id"),
    CONSUME("job/consume.sql", Part.JOB, "a row when the effect was applied now, no row when the key was applied before",
            "business_key", "job_key", "result_id", "token", "payload"),
    INSPECT_JOB("job/inspect_job.sql", Part.JOB, "the key's job rows: columns kind, result_id, token, payload,"
            + " delivered, n", "job_key");

    /** Which part of the protocol a file belongs to, and whether a pack must have it. */
    public enum Part {
        /** Every pack has it (its own or its base's). */
        LEASE,
        /** Only a pack with the job transaction has it, and then it has every one of them. */
        JOB,
        /** May be left out; runs in the same call as a lease operation. */
        LEASE_HOOK,
        /** May be left out; runs in the same call as a job statement. */
        JOB_HOOK
    }

    /** The name {@code write_fenced.sql} may use when the pack has {@code read_fence.sql}. */
    public static final String FENCE = "fence";

    private final String file;
    private final Part part;
    private final String returns;
    private final List<String> parameters;

    Operation(String file, Part part, String returns, String... parameters) {
        this.file = file;
        this.part = part;
        this.returns = returns;
        this.parameters = List.of(parameters);
    }

    /** The file's path inside a pack, e.g. {@code job/claim.sql}. */
    public String file() {
        return file;
    }

    public Part part() {
        return part;
    }

    /** What its last statement returns, in a few words. */
    public String returns() {
        return returns;
    }

    /** The names it gives its SQL. */
    public List<String> parameters() {
        return parameters;
    }

    /** Whether the file holds the schema or the deletion: run as plain SQL, without parameters. */
    public boolean isPlainSql() {
        return this == SCHEMA || this == DELETE_ALL;
    }

    /** The operation kept in {@code file}, or null for a file that is not part of a pack. */
    public static Operation ofFile(String file) {
        for (Operation o : values()) {
            if (o.file.equals(file)) {
                return o;
            }
        }
        return null;
    }
}
