package fencecheck.kit;

import org.apiguardian.api.API;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where the kit takes a lease's fencing token from (key {@code fence} of a pack's {@code fencecheck.properties}). */
@API(status = API.Status.STABLE, since = "0.1")
public enum FenceSource {

    /** The library has a token of its own: its acquire returns it (column {@code token}), and it becomes the fence. */
    RETURNED,

    /** Form (a): the kit's fence row of the lock name, advanced in the same transaction as the library's acquire. */
    FENCE_ROW,

    /** Form (b): the kit's fence row, advanced by a trigger on the library's lock table whenever a new lease is taken. */
    TRIGGER;

    /**
     * How it is written in a pack's settings, e.g. {@code fence-row}.
     *
     * @return {@code returned}, {@code fence-row} or {@code trigger}
     */
    public String spelled() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static Optional<FenceSource> parse(String raw) {
        String wanted = raw.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        return Arrays.stream(values()).filter(f -> f.spelled().equals(wanted)).findFirst();
    }
}
