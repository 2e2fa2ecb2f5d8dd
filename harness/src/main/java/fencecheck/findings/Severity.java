package fencecheck.findings;

/**
 * How much a finding weighs, most severe first: findings are reported in this order. Today an invariant broken is
 * {@link #SAFETY} and any other disagreement with the model is {@link #CONFORMANCE}; {@link FindingKinds#severityOf}
 * is the one place that decides (for a failing real-time history too), so a finer judgement (an answer that implies
 * breaking an invariant, a conservative refusal that breaks nothing) plugs in there.
 */
public enum Severity {

    /** What no correct lease service may do: an invariant broken. */
    SAFETY("safety"),
    /** An answer or a row that differs from the reference's. */
    CONFORMANCE("conformance");

    private final String word;

    Severity(String word) {
        this.word = word;
    }

    /** The word a report shows for it. */
    public String word() {
        return word;
    }
}
