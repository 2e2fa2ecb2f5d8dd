package fencecheck.protocol.pack;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the text of a pack file, written with named parameters
 * ({@code :job_key}), into JDBC statements with {@code ?} placeholders and the
 * ordered list of names.
 *
 * <p>It reads the text the way PostgreSQL's lexer does, so that a colon that
 * is not a parameter stays as it is: {@code ::} casts, and anything inside a
 * string literal ({@code '...'}, {@code E'...'}), a quoted identifier
 * ({@code "..."}), a comment ({@code --} to the end of the line,
 * {@code /* ... *&#47;}, nested) or a dollar-quoted body ({@code $$...$$},
 * {@code $tag$...$tag$}). A colon followed by anything but a letter or an
 * underscore ({@code :=}, {@code [1:2]}) is not a parameter either; an array
 * slice between names must be written with a space ({@code a[lo : hi]}).
 *
 * <p>A file may hold several statements separated by semicolons (outside
 * quotes and comments); each becomes one {@link ParsedSql}, and a statement
 * with nothing but comments and whitespace is dropped. A {@code ?} outside
 * quotes is an operator (jsonb's {@code ?}, {@code ?|}, {@code ?&}), which
 * JDBC wants written {@code ??}: it is doubled here.
 */
public final class NamedParameters {

    private final String text;
    private final String where;
    private final Set<String> provided;
    private final List<ParsedSql> statements = new ArrayList<>();
    private StringBuilder jdbc = new StringBuilder();
    /** The statement as the server reads it (see {@link SqlSource}), and where each of its characters is in {@link #text}. */
    private StringBuilder server = new StringBuilder();
    private List<Integer> offsets = new ArrayList<>();
    private List<String> names = new ArrayList<>();
    private boolean hasCode;
    private int at;
    private int line = 1;

    private NamedParameters(String text, String where, Collection<String> provided) {
        this.text = text;
        this.where = where;
        this.provided = new TreeSet<>(provided);
    }

    /**
     * The statements of {@code text}, in order.
     *
     * @param where    what the text is, for errors (e.g. {@code packs/mine/acquire.sql})
     * @param provided the parameter names the operation gives; any other name is an error
     * @throws PackException in one line, for a name not in {@code provided}, a positional
     *                       {@code $1}, or a quote, comment or dollar quote that never ends
     */
    public static List<ParsedSql> parse(String text, String where, Collection<String> provided) {
        NamedParameters parser = new NamedParameters(text, where, provided);
        parser.run();
        return List.copyOf(parser.statements);
    }

    private void run() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '\'') {
                boolean escapes = at > 0 && (text.charAt(at - 1) == 'e' || text.charAt(at - 1) == 'E')
                        && (at < 2 || !isIdentifierPart(text.charAt(at - 2)));
                copyQuoted('\'', escapes, "a string literal");
            } else if (c == '"') {
                copyQuoted('"', false, "a quoted identifier");
            } else if (c == '-' && next(1) == '-') {
                copyLineComment();
            } else if (c == '/' && next(1) == '*') {
                copyBlockComment();
            } else if (c == '$' && dollarTag() != null) {
                copyDollarQuoted(dollarTag());
            } else if (c == '$' && Character.isDigit(next(1)) && (at == 0 || !isIdentifierPart(text.charAt(at - 1)))) {
                throw new PackException(where + " line " + line + ": $" + next(1) + " is a positional parameter;"
                        + " write the named one instead (" + list(provided) + ")");
            } else if (c == ':' && next(1) == ':') {
                copy(at, at + 2, true);
                at += 2;
            } else if (c == ':' && isIdentifierStart(next(1))) {
                parameter();
            } else if (c == '?') {
                // JDBC wants the operator doubled; the server reads it single
                jdbc.append("??");
                server.append('?');
                offsets.add(at);
                hasCode = true;
                at++;
            } else if (c == ';') {
                endStatement();
                at++;
            } else {
                if (c == '\n') {
                    line++;
                }
                copy(at, at + 1, !Character.isWhitespace(c));
                at++;
            }
        }
        endStatement();
    }

    private void parameter() {
        int start = at + 1;
        int end = start;
        while (end < text.length() && isIdentifierPart(text.charAt(end))) {
            end++;
        }
        String name = text.substring(start, end);
        if (!provided.contains(name)) {
            throw new PackException(where + " line " + line + ": :" + name + " is not a parameter of this operation; "
                    + (provided.isEmpty() ? "it takes no parameters" : "use " + list(provided)));
        }
        names.add(name);
        jdbc.append('?');
        String number = "$" + names.size();
        server.append(number);
        for (int i = 0; i < number.length(); i++) {
            offsets.add(at);
        }
        hasCode = true;
        at = end;
    }

    /** Copies {@code text[from, to)} as it is into both forms of the statement. */
    private void copy(int from, int to, boolean isCode) {
        jdbc.append(text, from, to);
        server.append(text, from, to);
        for (int i = from; i < to; i++) {
            offsets.add(i);
        }
        if (isCode) {
            hasCode = true;
        }
    }

    private void endStatement() {
        if (hasCode) {
            statements.add(new ParsedSql(jdbc.toString().strip(), names, new SqlSource(server.toString(), text, offsets)));
        }
        jdbc = new StringBuilder();
        server = new StringBuilder();
        offsets = new ArrayList<>();
        names = new ArrayList<>();
        hasCode = false;
    }

    /** A literal or quoted identifier; a doubled quote inside stays inside, and so does a backslash-escaped one in E'...'. */
    private void copyQuoted(char quote, boolean backslashEscapes, String what) {
        int startLine = line;
        int i = at + 1;
        while (true) {
            if (i >= text.length()) {
                throw unterminated(what, startLine);
            }
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (backslashEscapes && c == '\\' && i + 1 < text.length()) {
                i += 2;
                continue;
            }
            if (c == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                break;
            }
            i++;
        }
        copy(at, i + 1, true);
        at = i + 1;
    }

    private void copyLineComment() {
        int end = text.indexOf('\n', at);
        end = end < 0 ? text.length() : end;
        copy(at, end, false);
        at = end;
    }

    /** PostgreSQL's block comments nest. */
    private void copyBlockComment() {
        int startLine = line;
        int depth = 0;
        int i = at;
        do {
            if (i >= text.length()) {
                throw unterminated("a /* comment", startLine);
            }
            if (text.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (text.startsWith("*/", i)) {
                depth--;
                i += 2;
            } else {
                if (text.charAt(i) == '\n') {
                    line++;
                }
                i++;
            }
        } while (depth > 0);
        copy(at, i, false);
        at = i;
    }

    private void copyDollarQuoted(String tag) {
        int startLine = line;
        int close = text.indexOf(tag, at + tag.length());
        if (close < 0) {
            throw unterminated("a " + tag + " quote", startLine);
        }
        int end = close + tag.length();
        line += (int) text.substring(at, end).chars().filter(ch -> ch == '\n').count();
        copy(at, end, true);
        at = end;
    }

    /** The tag of a dollar quote starting here ({@code $$} or {@code $name$}), or null when this {@code $} starts none. */
    private String dollarTag() {
        if (at > 0 && isIdentifierPart(text.charAt(at - 1))) {
            return null;
        }
        int i = at + 1;
        if (i < text.length() && isIdentifierStart(text.charAt(i))) {
            while (i < text.length() && isIdentifierPart(text.charAt(i)) && text.charAt(i) != '$') {
                i++;
            }
        }
        return i < text.length() && text.charAt(i) == '$' ? text.substring(at, i + 1) : null;
    }

    private char next(int offset) {
        return at + offset < text.length() ? text.charAt(at + offset) : '\0';
    }

    private PackException unterminated(String what, int startLine) {
        return new PackException(where + " line " + startLine + ": " + what + " starts here and never ends; close it");
    }

    private static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static String list(Collection<String> names) {
        return names.isEmpty() ? "none" : ":" + String.join(", :", names);
    }
}
