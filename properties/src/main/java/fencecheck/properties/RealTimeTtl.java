package fencecheck.properties;

import fencecheck.api.Fencecheck;

import java.util.Optional;

/**
 * The lease lengths the real-time workers ask for, in milliseconds: {@code -Dfencecheck.realtime.ttl} when set,
 * else the {@link Fencecheck#realTimeTtl} of the suite, else the run's own (50..300). A range {@code MIN..MAX}
 * (both included: each acquire picks one) or one length; anything else stops the run with one line saying what
 * to write.
 *
 * @param minMillis the shortest lease a worker asks for
 * @param maxMillis the longest
 */
record RealTimeTtl(long minMillis, long maxMillis) {

    static final String PROPERTY = "fencecheck.realtime.ttl";
    /** A day: longer leases would never run out in a run of seconds, and their microseconds could overflow. */
    static final long LONGEST_MILLIS = 86_400_000;

    /**
     * The lengths set for the real-time property of {@code container} (null: the command line only); empty when none is.
     *
     * @throws IllegalArgumentException in one line, for a value that is not a length or a range of them
     */
    static Optional<RealTimeTtl> of(Class<?> container) {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return Optional.of(parse("-D" + PROPERTY + "=" + property, property));
        }
        Fencecheck named = container == null ? null : container.getAnnotation(Fencecheck.class);
        if (named != null && !named.realTimeTtl().isBlank()) {
            String value = named.realTimeTtl();
            return Optional.of(parse("@" + Fencecheck.class.getSimpleName() + "(realTimeTtl = \"" + value + "\") of "
                    + container.getName(), value));
        }
        return Optional.empty();
    }

    /** @param origin where the value was written, the start of the error's line */
    static RealTimeTtl parse(String origin, String value) {
        String v = value.strip();
        int dots = v.indexOf("..");
        long min = millis(origin, dots < 0 ? v : v.substring(0, dots));
        long max = dots < 0 ? min : millis(origin, v.substring(dots + 2));
        if (max < min) {
            throw problem(origin, "the longest lease (" + max + ") is shorter than the shortest (" + min + ")");
        }
        return new RealTimeTtl(min, max);
    }

    private static long millis(String origin, String part) {
        long millis;
        try {
            millis = Long.parseLong(part.strip());
        } catch (NumberFormatException e) {
            throw problem(origin, "'" + part.strip() + "' is not a whole number of milliseconds");
        }
        if (millis <= 0) {
            throw problem(origin, "a lease of " + millis + " ms never holds");
        }
        if (millis > LONGEST_MILLIS) {
            throw problem(origin, "a lease of " + millis + " ms is longer than a day");
        }
        return millis;
    }

    private static IllegalArgumentException problem(String origin, String what) {
        return new IllegalArgumentException(origin + ": " + what + "; write lease lengths in milliseconds, from 1 to "
                + LONGEST_MILLIS + ": a range MIN..MAX such as 50..300 (the default), or one length such as 200");
    }
}
