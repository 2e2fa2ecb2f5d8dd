package fencecheck.nodes;

/** A cluster run cannot be done on this machine; the message is one line saying why, fit to print as it is. */
public final class NotApplicable extends RuntimeException {

    public NotApplicable(String message) {
        super(message);
    }
}
