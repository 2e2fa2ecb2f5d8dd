package fencecheck.findings;

/**
 * How much a finding weighs, most severe first: findings are reported in this order. An invariant broken or an answer
 * no correct lease service may give is {@link #SAFETY}; a call the implementation did not answer (it threw, the kit
 * refused it, it never completed) is an {@link #ERROR}; any other disagreement with the model is {@link #CONFORMANCE}.
 * {@link FindingKinds#severityOf} is the one place that decides (for a failing real-time history too).
 */
public enum Severity {

    /** What no correct lease service may do: an invariant broken. Fails the build whatever is claimed. */
    SAFETY("safety", "safety"),
    /**
     * The implementation failed a call instead of answering it: an exception, the kit's refusal, a statement that
     * never completed. Nothing is known of what it would have answered, so it fails the build whatever is claimed, as
     * an error of the implementation, never as a conformance difference.
     */
    ERROR("error", "implementation error"),
    /** An answer or a row that differs from the reference's: fails only an implementation that claims strict conformance. */
    CONFORMANCE("conformance", "conformance");

    private final String word;
    private final String title;

    Severity(String word, String title) {
        this.word = word;
        this.title = title;
    }

    /** The word a result file keeps for it: {@code safety}, {@code error} or {@code conformance}. */
    public String word() {
        return word;
    }

    /** What a reader is told it is: {@code safety}, {@code implementation error} or {@code conformance}. */
    public String title() {
        return title;
    }

    /** The severity a result file names by {@link #word()}, or null for a word none has (an older file's). */
    public static Severity ofWord(String word) {
        for (Severity s : values()) {
            if (s.word.equals(word)) {
                return s;
            }
        }
        return null;
    }
}
