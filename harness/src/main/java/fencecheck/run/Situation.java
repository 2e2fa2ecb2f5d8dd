package fencecheck.run;

/**
 * The situations a try is meant to reach. A property reports how often each
 * one happened and fails when one is rarer than its floor: a property that
 * never generates what it claims to test is a defect.
 */
public enum Situation {
    TAKEOVER("takeover happened"),
    STALE_WRITE_ATTEMPTED("stale write attempted"),
    STALE_WRITE_REJECTED("stale write rejected"),
    BOUNDARY_RENEW("renew within 1us of the boundary"),
    DUPLICATE_DELIVERED("duplicate delivered"),
    ROLLBACK("write rolled back"),
    WORKER_RESTART("worker restarted"),
    FORGED_TOKEN("forged token written");

    private final String label;

    Situation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
