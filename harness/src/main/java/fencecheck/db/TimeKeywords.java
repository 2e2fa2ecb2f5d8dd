package fencecheck.db;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rewrites the SQL keywords that read the database's clock to calls of the
 * functions in the clock schema that read the virtual clock instead
 * ({@code clock.sql}). {@code CURRENT_TIMESTAMP}, {@code CURRENT_TIME},
 * {@code CURRENT_DATE}, {@code LOCALTIMESTAMP} and {@code LOCALTIME} are
 * keywords of PostgreSQL's grammar, not function names, so no search path can
 * shadow them the way it shadows {@code now()}.
 *
 * <p>{@code CURRENT_TIMESTAMP} becomes {@code fencecheck_clock."current_timestamp"()},
 * and {@code CURRENT_TIMESTAMP(3)} becomes {@code fencecheck_clock."current_timestamp"(3)}:
 * the parenthesised precision is kept as it was written. A result column keeps
 * the keyword's name, since a function call is labelled with the function's name.
 *
 * <p>A keyword is rewritten only where PostgreSQL would read it as one: a
 * whole word, in any case, outside string constants ({@code '...'},
 * {@code E'...'} with backslash escapes, and the {@code U&}, {@code B},
 * {@code X}, {@code N} forms, which end like plain ones), quoted identifiers,
 * dollar-quoted strings and comments (nested ones too); and not where it is a
 * name: after a dot ({@code t.current_date}, a column) or after {@code AS} (an
 * alias). Plain strings are read with {@code standard_conforming_strings = on},
 * PostgreSQL's default: a backslash there is an ordinary character.
 */
final class TimeKeywords {

    private static final List<String> KEYWORDS = List.of("current_timestamp", "current_time", "localtimestamp", "localtime",
            "current_date");

    private final String sql;
    private final int length;

    private TimeKeywords(String sql) {
        this.sql = sql;
        this.length = sql.length();
    }

    /** Statement texts already rewritten: a session sends the same few texts again and again. */
    private static final Map<String, String> REWRITTEN = new ConcurrentHashMap<>();
    private static final int MAX_REMEMBERED = 4096;
    /** Remembered for a text without keywords, which is answered with itself, not with an equal copy. */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String UNCHANGED = new String("unchanged");

    /** The statement text with every clock keyword rewritten; the same string when it has none. */
    static String rewrite(String sql) {
        if (sql == null) {
            return null;
        }
        String known = REWRITTEN.get(sql);
        if (known != null) {
            return known == UNCHANGED ? sql : known;
        }
        String rewritten = new TimeKeywords(sql).rewritten();
        if (REWRITTEN.size() < MAX_REMEMBERED) {
            REWRITTEN.put(sql, rewritten == sql ? UNCHANGED : rewritten);
        }
        return rewritten;
    }

    private String rewritten() {
        StringBuilder out = null;
        int copied = 0;
        boolean nameExpected = false;
        int i = 0;
        while (i < length) {
            char c = sql.charAt(i);
            int end;
            if (Character.isWhitespace(c) || startsComment(i)) {
                i = skipInsignificant(i);
                continue;
            }
            if (c == '\'') {
                end = stringEnd(i, false);
            } else if (c == '"') {
                end = quotedIdentifierEnd(i);
            } else if (c == '$' && dollarQuoteTagEnd(i) > 0) {
                end = dollarQuotedEnd(i);
            } else if (c == '$' && i + 1 < length && isDigit(sql.charAt(i + 1))) {
                end = digitsEnd(i + 1);
            } else if (isDigit(c) || (c == '.' && i + 1 < length && isDigit(sql.charAt(i + 1)))) {
                end = numberEnd(i);
            } else if (isIdentifierStart(c)) {
                end = wordEnd(i);
                String keyword = nameExpected ? null : keyword(i, end);
                if (end == i + 1 && (c == 'e' || c == 'E') && end < length && sql.charAt(end) == '\'') {
                    end = stringEnd(end, true); // E'...', an escape string
                } else if (keyword != null) {
                    out = out == null ? new StringBuilder(length + 64) : out;
                    out.append(sql, copied, i).append(call(keyword, end));
                    copied = end;
                }
                nameExpected = end == i + 2 && sql.regionMatches(true, i, "as", 0, 2); // an alias follows
                i = end;
                continue;
            } else {
                end = i + 1;
            }
            nameExpected = c == '.' && end == i + 1; // a qualified name's next part follows
            i = end;
        }
        return out == null ? sql : out.append(sql, copied, length).toString();
    }

    /** The clock keyword (in lower case) that the word from {@code start} to {@code end} is, or null. */
    private String keyword(int start, int end) {
        for (String keyword : KEYWORDS) {
            if (keyword.length() == end - start && sql.regionMatches(true, start, keyword, 0, keyword.length())) {
                return keyword;
            }
        }
        return null;
    }

    /** The call that replaces {@code keyword} (which ends at {@code end}): with the arguments written after it, if any. */
    private String call(String keyword, int end) {
        String function = VirtualClock.SCHEMA + ".\"" + keyword + "\"";
        int next = skipInsignificant(end);
        return next < length && sql.charAt(next) == '(' ? function : function + "()";
    }

    /** The first position at or after {@code i} that is neither white space nor inside a comment. */
    private int skipInsignificant(int i) {
        while (i < length) {
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
            } else if (sql.startsWith("--", i)) {
                while (i < length && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
                    i++;
                }
            } else if (sql.startsWith("/*", i)) {
                i = blockCommentEnd(i);
            } else {
                break;
            }
        }
        return i;
    }

    private boolean startsComment(int i) {
        return sql.startsWith("--", i) || sql.startsWith("/*", i);
    }

    /** After a block comment starting at {@code i}; block comments nest. */
    private int blockCommentEnd(int i) {
        int depth = 0;
        while (i < length) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
                if (depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return length;
    }

    /** After the string constant whose opening quote is at {@code i}; {@code ''} is a quote, and so is {@code \'} in an escape string. */
    private int stringEnd(int i, boolean backslashEscapes) {
        i++;
        while (i < length) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == '\'' && i + 1 < length && sql.charAt(i + 1) == '\'') {
                i += 2;
            } else if (c == '\'') {
                return i + 1;
            } else {
                i++;
            }
        }
        return length;
    }

    /** After the quoted identifier whose opening {@code "} is at {@code i}; {@code ""} is a quote in it. */
    private int quotedIdentifierEnd(int i) {
        i++;
        while (i < length) {
            if (sql.charAt(i) == '"' && i + 1 < length && sql.charAt(i + 1) == '"') {
                i += 2;
            } else if (sql.charAt(i) == '"') {
                return i + 1;
            } else {
                i++;
            }
        }
        return length;
    }

    /** After the tag ({@code $$} or {@code $name$}) starting at {@code i}, or 0 when none starts there. */
    private int dollarQuoteTagEnd(int i) {
        int j = i + 1;
        if (j < length && isIdentifierStart(sql.charAt(j))) {
            while (j < length && (isIdentifierStart(sql.charAt(j)) || isDigit(sql.charAt(j)))) {
                j++;
            }
        }
        return j < length && sql.charAt(j) == '$' ? j + 1 : 0;
    }

    /** After the dollar-quoted string starting at {@code i}: up to and with the same tag again. */
    private int dollarQuotedEnd(int i) {
        int tagEnd = dollarQuoteTagEnd(i);
        int close = sql.indexOf(sql.substring(i, tagEnd), tagEnd);
        return close < 0 ? length : close + (tagEnd - i);
    }

    private int digitsEnd(int i) {
        while (i < length && isDigit(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    /** After a number: digits, a point, an exponent, and any letters glued to it (which PostgreSQL refuses anyway). */
    private int numberEnd(int i) {
        while (i < length && (isDigit(sql.charAt(i)) || sql.charAt(i) == '.' || isIdentifierStart(sql.charAt(i)))) {
            i++;
        }
        return i;
    }

    private int wordEnd(int i) {
        while (i < length && (isIdentifierStart(sql.charAt(i)) || isDigit(sql.charAt(i)) || sql.charAt(i) == '$')) {
            i++;
        }
        return i;
    }

    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
