package fencecheck.check;

/** The invariants of the protocol (model/README.md) that are checked over a history, independently of the model. */
public enum Invariant {
    NO_STALE_ACCEPTANCE("1. no stale acceptance"),
    MUTUAL_EXCLUSION("2. mutual exclusion"),
    TOKENS_STRICTLY_INCREASING("3. tokens strictly increasing, never reused"),
    ACKNOWLEDGED_WRITE_KEPT("4. no acknowledged write is lost unless a higher token superseded it"),
    EXACTLY_ONCE_EFFECT("5. each outbox business key takes effect exactly once");

    private final String title;

    Invariant(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
