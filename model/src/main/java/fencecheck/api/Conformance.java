package fencecheck.api;

import org.apiguardian.api.API;

import java.util.Locale;

/**
 * How closely an implementation claims to follow the reference. Every level fails on a safety finding (an
 * invariant broken, or an answer no correct lease service may give: the protocol's unsafe answers); only
 * {@link #STRICT} also fails on a conformance difference, an answer the reference would not give that breaks
 * no guarantee, which under {@link #SAFETY} is a note.
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum Conformance {
    /** The reference's answers, word for word: what the reference and its variants claim. */
    STRICT,
    /** Only what no correct lease service may do fails; other differences from the reference are notes. */
    SAFETY;

    /**
     * The level a setting names ({@code strict} or {@code safety}, any case, surrounding blanks ignored).
     *
     * @param value the setting's value as written
     * @param where what the message of a refusal names as the setting's place, e.g. a pack's
     *              {@code fencecheck.properties}
     * @return the level {@code value} names
     * @throws IllegalArgumentException when {@code value} names no level; the message starts with {@code where} and
     *                                  says what to write
     */
    public static Conformance parse(String value, String where) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": conformance=" + value + " is not a level; write strict or safety");
        }
    }

    /**
     * The level as a setting writes it, the inverse of {@link #parse}.
     *
     * @return {@code strict} or {@code safety}
     */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
