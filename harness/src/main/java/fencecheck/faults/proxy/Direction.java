package fencecheck.faults.proxy;

import java.util.Locale;

/** The stream a toxic acts on: client to upstream, or upstream to client. */
enum Direction {
    UPSTREAM,
    DOWNSTREAM;

    /** The name used in the API's JSON. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses an API stream name; like the real server, case does not matter. */
    static Direction parse(String stream) throws ApiError {
        return switch (stream.toLowerCase(Locale.ROOT)) {
            case "upstream" -> UPSTREAM;
            case "downstream" -> DOWNSTREAM;
            default -> throw ApiError.invalidStream();
        };
    }
}
