package fencecheck.run;

/** What a job try reached, from the database's answers, so a property can show its traces exercise it. */
public enum JobSituation {
    WAIT_OBSERVED("a statement waited for a row lock"),
    WAIT_RESOLVED_BY_COMMIT("a waiting statement went on when the holder committed"),
    WAIT_RESOLVED_BY_ROLLBACK("a waiting statement went on when the holder rolled back"),
    INTERLEAVED_IN_OPEN_TRANSACTION("another session's statement ran inside an open transaction"),
    TAKEOVER_WHILE_JOB_OPEN("a takeover was granted after waiting for an open job"),
    STALE_CLAIM_REFUSED("a claim with an old token affected zero rows"),
    JOB_COMMITTED("a claimed job committed its rows"),
    JOB_ROLLED_BACK("a claimed job rolled back"),
    DUPLICATE_DELIVERY("the consumer received a message it had applied"),
    RELAY_CRASH("the relay crashed between delivering and marking"),
    LATEST_WRITE_IN_TRANSACTION("a latest-token write inside a transaction"),
    FORGED_TOKEN_WRITTEN("a forged or cross-key token written"),
    GRANT_RECEIPT_LOST("a grant's answer was lost"),
    LEASE_RELEASED("a lease was released"),
    PAUSE_IN_TRANSACTION("a worker paused with a transaction open"),
    RESTART_IN_TRANSACTION("a worker restarted with a transaction open"),
    ZOMBIE_STATEMENT("a zombie's statement reached the database"),

    REQUEST_LOST_IN_TRANSACTION(Group.NETWORK, "a request inside a transaction was lost"),
    ANSWER_LOST_IN_TRANSACTION(Group.NETWORK, "an answer inside a transaction was lost"),
    COMMIT_ANSWER_LOST(Group.NETWORK, "the answer to a commit was lost"),
    RETRY_AFTER_UNKNOWN(Group.NETWORK, "a statement retried after its answer was lost"),
    DELAYED_PAST_TAKEOVER(Group.NETWORK, "a write held by the network arrived after a takeover"),
    CONNECTION_RESET_IN_TRANSACTION(Group.NETWORK, "a connection reset inside a transaction"),
    DUPLICATE_WRITE(Group.NETWORK, "a write delivered twice"),
    COORDINATOR_RESTART(Group.NETWORK, "the coordinator restarted"),

    DATABASE_CRASH_WITH_OPEN_TRANSACTIONS(Group.CRASH, "the database crashed with transactions open"),
    STATEMENT_LOST_IN_CRASH(Group.CRASH, "a waiting statement was lost in a database crash");

    /** Which property is responsible for reaching a situation: the interleaved transactions, network faults, or a crash. */
    public enum Group { INTERLEAVINGS, NETWORK, CRASH }

    private final Group group;
    private final String label;

    JobSituation(String label) {
        this(Group.INTERLEAVINGS, label);
    }

    JobSituation(Group group, String label) {
        this.group = group;
        this.label = label;
    }

    public Group group() {
        return group;
    }

    public static java.util.List<JobSituation> of(Group group) {
        return java.util.Arrays.stream(values()).filter(s -> s.group == group).toList();
    }

    public String label() {
        return label;
    }
}
