package fencecheck.protocol.pack;

import fencecheck.api.Boundary;
import fencecheck.api.Conformance;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The keys of {@code fencecheck.properties} that say which semantics a pack
 * claims: each sets one field of {@link ModelConfig}. Values are the enum
 * constants in lower case with hyphens ({@code keep-token-mark-released});
 * upper case and underscores are accepted too.
 */
final class Semantics {

    /** The keys, in the order of {@link ModelConfig}'s fields. */
    static final List<String> KEYS = List.of("boundary", "idempotentRegrant", "resolution", "release", "binding", "tokens", "rows",
            "conformance");

    private Semantics() {
    }

    /** {@code base} with every setting of {@code settings} applied; {@code where} names the file for errors. */
    static ModelConfig apply(ModelConfig base, Map<String, String> settings, String where) {
        ModelConfig config = base;
        for (String key : KEYS) {
            String raw = settings.get(key);
            if (raw == null) {
                continue;
            }
            config = switch (key) {
                case "boundary" -> config.withBoundary(value(Boundary.class, key, raw, where));
                case "idempotentRegrant" -> config.withIdempotentRegrant(bool(key, raw, where));
                case "resolution" -> config.withResolution(value(TimeResolution.class, key, raw, where));
                case "release" -> config.withRelease(value(ReleaseEncoding.class, key, raw, where));
                case "binding" -> config.withBinding(value(OperationBinding.class, key, raw, where));
                case "tokens" -> config.withTokens(value(TokenSequence.class, key, raw, where));
                case "rows" -> config.withRowComparison(value(RowComparison.class, key, raw, where));
                case "conformance" -> config.withConformance(conformance(raw, where));
                default -> throw new IllegalStateException(key);
            };
        }
        return config;
    }

    /** How a constant is written in the file. */
    static String spelled(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static <E extends Enum<E>> E value(Class<E> type, String key, String raw, String where) {
        String wanted = raw.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        for (E constant : type.getEnumConstants()) {
            if (spelled(constant).equals(wanted)) {
                return constant;
            }
        }
        throw new PackException(where + ": " + key + "=" + raw.strip() + " is not a value of " + key + "; use one of "
                + String.join(", ", Arrays.stream(type.getEnumConstants()).map(Semantics::spelled).toList()));
    }

    private static Conformance conformance(String raw, String where) {
        try {
            return Conformance.parse(raw, where);
        } catch (IllegalArgumentException e) {
            throw new PackException(e.getMessage());
        }
    }

    private static boolean bool(String key, String raw, String where) {
        return switch (raw.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new PackException(where + ": " + key + "=" + raw.strip() + " is not a value of " + key
                    + "; use true or false");
        };
    }
}
