package fencecheck.properties;

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
}
