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
    LEASE_RELEASED("a lease was released");

    private final String label;

    JobSituation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
