package fencecheck.protocol.pack;

import java.util.List;

/**
 * One file of a loaded pack.
 *
 * @param operation  the operation it implements
 * @param text       the file as written, named parameters and all
 * @param statements its statements as JDBC runs them, in order (several run one after another in one call, with a
 *                   point between each two where the runner may stop it: {@link BetweenStatements})
 * @param source     where it came from, as messages and reports name it (e.g. {@code variants/renew-ignores-token/renew.sql})
 * @param origin     the pack it came from (the pack itself or one it extends): {@code classpath:/PATH} or {@code file:/PATH}
 */
public record PackFile(Operation operation, String text, List<ParsedSql> statements, String source, String origin) {

    public PackFile {
        statements = List.copyOf(statements);
    }

    /** The JDBC text of its statements joined by semicolons, for the plain-SQL files (no parameters). */
    public String jdbc() {
        return String.join(";\n", statements.stream().map(ParsedSql::jdbc).toList());
    }
}
