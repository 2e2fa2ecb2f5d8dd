package fencecheck.protocol.pack;

import java.util.List;

/**
 * One statement of a pack file as PostgreSQL itself would read it, and where each of its characters came from:
 * every {@code :name} written as {@code $1}, {@code $2}, ... (one number per use, in order, as the driver numbers
 * them), every other character as the file has it. With it an error position of the server's, counted in this
 * text, names the line and column of the file the author wrote.
 *
 * @param server  the statement, parameters numbered
 * @param file    the whole file as read, before anything was stripped from it
 * @param offsets for each character of {@code server}, its index in {@code file} (a parameter's characters all map to
 *                its colon)
 */
public record SqlSource(String server, String file, List<Integer> offsets) {

    public SqlSource {
        offsets = List.copyOf(offsets);
        if (offsets.size() != server.length()) {
            throw new IllegalArgumentException("one offset per character: " + offsets.size() + " for " + server.length());
        }
    }

    /** A line and a column of the file, both from 1. */
    public record Position(int line, int column) {
        @Override
        public String toString() {
            return "line " + line + ", column " + column;
        }
    }

    /** Where the character at {@code index} of {@link #server} stands in the file; past the end, just after the statement. */
    public Position at(int index) {
        if (offsets.isEmpty()) {
            return positionInFile(0);
        }
        if (index >= offsets.size()) {
            return positionInFile(offsets.getLast() + 1);
        }
        return positionInFile(offsets.get(Math.max(0, index)));
    }

    /** Where the statement's first character that is not blank stands in the file. */
    public Position start() {
        for (int i = 0; i < server.length(); i++) {
            if (!Character.isWhitespace(server.charAt(i))) {
                return at(i);
            }
        }
        return at(0);
    }

    private Position positionInFile(int offset) {
        int line = 1;
        int lineStart = 0;
        int end = Math.min(offset, file.length());
        for (int i = 0; i < end; i++) {
            if (file.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Position(line, end - lineStart + 1);
    }
}
