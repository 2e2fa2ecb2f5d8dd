package fencecheck.properties;

/**
 * A setting the run cannot go on with. Its message is the one line to show;
 * it carries no stack trace, because where it was found says nothing to the user.
 */
final class ConfigurationError extends AssertionError {

    ConfigurationError(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
