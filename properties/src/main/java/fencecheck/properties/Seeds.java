package fencecheck.properties;

import fencecheck.shard.Shard;

import java.util.Optional;

/** The seed a user pins with {@code -Dfencecheck.seed=N}; anything but a number stops the run with one line. */
final class Seeds {

    static final String PROPERTY = "fencecheck.seed";

    private Seeds() {
    }

    static Optional<String> fromSystemProperty() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + PROPERTY + "=" + value
                    + " is not a seed: give the number printed after 'seed:' with the failure");
        }
        return Optional.of(value.trim());
    }

    /**
     * The seed a property runs with when {@code pinned} is given: in shard i of n of a split run, a seed of the shard's
     * own derived from it ({@link Shard#seedOf}); else {@code pinned} itself. A shard's failure prints its own seed,
     * which replays it without {@code -Dfencecheck.shard}.
     */
    static String ofShard(String pinned, Optional<Shard> shard) {
        return shard.filter(Shard::split).map(s -> Long.toString(s.seedOf(Long.parseLong(pinned)))).orElse(pinned);
    }
}
