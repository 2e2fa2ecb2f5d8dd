package fencecheck.db;

/**
 * No database could be had: the message is one line that says what was asked
 * for, what went wrong and what to do instead, fit to print as it is.
 */
public class DatabaseUnavailable extends RuntimeException {

    public DatabaseUnavailable(String message) {
        super(message);
    }

    public DatabaseUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
