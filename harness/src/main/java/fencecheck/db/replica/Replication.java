package fencecheck.db.replica;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How far a commit on the primary waits for the standby before it answers:
 * the value of {@code -Dfencecheck.replication}, mapped to the primary's
 * {@code synchronous_commit} and {@code synchronous_standby_names}.
 */
public enum Replication {

    /** The commit answers once the primary's own WAL is written; the standby may lag behind any acknowledged commit. */
    ASYNC("async", "on", false),
    /** The commit waits until the standby has written its WAL to its operating system (not flushed, not applied). */
    REMOTE_WRITE("remote_write", "remote_write", true),
    /** The commit waits until the standby has flushed its WAL: an acknowledged commit survives a failover. */
    ON("on", "on", true),
    /** The commit waits until the standby has replayed it: it is also visible to reads on the standby. */
    REMOTE_APPLY("remote_apply", "remote_apply", true);

    public static final String PROPERTY = "fencecheck.replication";

    /** The value used when {@value #PROPERTY} is not given: the default of Patroni and CloudNativePG. */
    public static final Replication DEFAULT = ASYNC;

    private final String value;
    private final String synchronousCommit;
    private final boolean synchronousStandby;

    Replication(String value, String synchronousCommit, boolean synchronousStandby) {
        this.value = value;
        this.synchronousCommit = synchronousCommit;
        this.synchronousStandby = synchronousStandby;
    }

    /** The name {@value #PROPERTY} takes. */
    public String value() {
        return value;
    }

    /** The primary's {@code synchronous_commit}. */
    public String synchronousCommit() {
        return synchronousCommit;
    }

    /** Whether the standby is named in the primary's {@code synchronous_standby_names}. */
    public boolean synchronousStandby() {
        return synchronousStandby;
    }

    /** The primary's {@code synchronous_standby_names} when its standby is called {@code applicationName}. */
    public String standbyNames(String applicationName) {
        return synchronousStandby ? "\"" + applicationName + "\"" : "";
    }

    /** The setting from {@value #PROPERTY}, or {@link #DEFAULT} when it is not given. */
    public static Replication fromSystemProperty() {
        return parse(System.getProperty(PROPERTY));
    }

    /**
     * Parses a value of {@value #PROPERTY}; null or blank gives {@link #DEFAULT}.
     *
     * @throws IllegalArgumentException with one line naming the values to give
     */
    public static Replication parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT;
        }
        String wanted = raw.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values())
                .filter(r -> r.value.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("-D" + PROPERTY + "=" + raw.strip()
                        + " is not a replication setting; give one of " + names() + " (" + DEFAULT.value + " is the default)"));
    }

    private static String names() {
        return Arrays.stream(values()).map(Replication::value).collect(Collectors.joining("|"));
    }

    @Override
    public String toString() {
        return value;
    }
}
