package fencecheck.run;

import java.util.Arrays;
import java.util.List;

/**
 * The situations a try is meant to reach. A property reports how often each
 * one of its group happened and fails when one is rarer than its floor: a
 * property that never generates what it claims to test is a defect.
 */
public enum Situation {
    TAKEOVER(Group.INTERLEAVINGS, "takeover happened"),
    STALE_WRITE_ATTEMPTED(Group.INTERLEAVINGS, "stale write attempted"),
    STALE_WRITE_REJECTED(Group.INTERLEAVINGS, "stale write rejected"),
    BOUNDARY_RENEW(Group.INTERLEAVINGS, "renew within 1us of the boundary"),
    DUPLICATE_DELIVERED(Group.INTERLEAVINGS, "duplicate delivered"),
    ROLLBACK(Group.INTERLEAVINGS, "write rolled back"),
    WORKER_RESTART(Group.INTERLEAVINGS, "worker restarted"),
    FORGED_TOKEN(Group.INTERLEAVINGS, "forged token written"),
    ZOMBIE_STATEMENT(Group.INTERLEAVINGS, "a zombie's statement reached the database"),

    REQUEST_LOST(Group.NETWORK, "request lost"),
    RESPONSE_LOST(Group.NETWORK, "response lost"),
    RETRY_AFTER_UNKNOWN(Group.NETWORK, "retry after an unknown outcome"),
    DELAYED_PAST_TAKEOVER(Group.NETWORK, "delayed statement delivered after a takeover"),
    CONNECTION_RESET(Group.NETWORK, "connection reset mid-transaction"),
    WORKER_CRASH_MID_WRITE(Group.NETWORK, "worker crashed mid-transaction"),
    COORDINATOR_RESTART(Group.NETWORK, "coordinator restarted"),

    DATABASE_CRASH(Group.CRASH, "database crashed and restarted"),
    CRASH_AFTER_WRITE(Group.CRASH, "database crashed right after an acknowledged write or grant");

    /** Which property is responsible for reaching a situation. */
    public enum Group { INTERLEAVINGS, NETWORK, CRASH }

    private final Group group;
    private final String label;

    Situation(Group group, String label) {
        this.group = group;
        this.label = label;
    }

    public String label() {
        return label;
    }

    public Group group() {
        return group;
    }

    public static List<Situation> of(Group group) {
        return Arrays.stream(values()).filter(s -> s.group == group).toList();
    }
}
