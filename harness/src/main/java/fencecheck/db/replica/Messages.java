package fencecheck.db.replica;

/** The one-line texts of errors raised by the libraries underneath. */
final class Messages {

    private Messages() {
    }

    /** The message of the innermost cause, on one line. */
    static String root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.replaceAll("\\s+", " ").strip();
    }
}
