package fencecheck.protocol.pack;

/**
 * A SQL pack that cannot be used as it is, in one line that says what to do:
 * the pack and file it is about first, then the fix. Never several lines, so
 * a build can print it as its only complaint.
 */
public final class PackException extends IllegalArgumentException {

    public PackException(String message) {
        super(message.replaceAll("\\s*\\R\\s*", " "));
    }
}
