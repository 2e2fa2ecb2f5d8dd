package fencecheck.protocol.pack;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Named parameters become JDBC placeholders wherever PostgreSQL would read code, and nowhere else. */
class NamedParametersTest {

    private static final List<String> NAMES = List.of("job_key", "owner", "token", "payload");

    private static ParsedSql one(String sql) {
        List<ParsedSql> statements = NamedParameters.parse(sql, "test.sql", NAMES);
        assertThat(statements).hasSize(1);
        return statements.getFirst();
    }

    @Test
    void namesBecomePlaceholdersInOrderAndARepeatedNameIsBoundTwice() {
        ParsedSql s = one("select * from t where k = :job_key and o = :owner and t >= :token and t <= :token");
        assertThat(s.jdbc()).isEqualTo("select * from t where k = ? and o = ? and t >= ? and t <= ?");
        assertThat(s.names()).containsExactly("job_key", "owner", "token", "token");
    }

    @Test
    void castsAreNotParametersAndAParameterMayBeCast() {
        ParsedSql s = one("select :token::bigint, x::text, y :: int, :job_key::text::varchar(3)");
        assertThat(s.jdbc()).isEqualTo("select ?::bigint, x::text, y :: int, ?::text::varchar(3)");
        assertThat(s.names()).containsExactly("token", "job_key");
    }

    @Test
    void colonsInsideLiteralsIdentifiersAndCommentsStayAsTheyAre() {
        String sql = """
                -- a comment with :owner and ? in it
                select ':owner', 'it''s :owner', E'\\' :owner', e'a\\\\', "col:owner", "a"":owner" /* :owner /* nested :owner */ :owner */
                  from t where k = :job_key""";
        ParsedSql s = one(sql);
        assertThat(s.names()).containsExactly("job_key");
        assertThat(s.jdbc()).isEqualTo(sql.replace("k = :job_key", "k = ?"));
    }

    @Test
    void dollarQuotedBodiesKeepTheirColonsAndSemicolons() {
        List<ParsedSql> statements = NamedParameters.parse("""
                create function f() returns int language plpgsql as $$ declare x int; begin x := 1; return :x; end $$;
                select $tag$ :owner; $tag$, :payload, a$b""", "test.sql", NAMES);
        assertThat(statements).hasSize(2);
        assertThat(statements.get(0).names()).isEmpty();
        assertThat(statements.get(0).jdbc()).contains("$$ declare x int; begin x := 1; return :x; end $$");
        assertThat(statements.get(1).names()).containsExactly("payload");
        assertThat(statements.get(1).jdbc()).isEqualTo("select $tag$ :owner; $tag$, ?, a$b");
    }

    @Test
    void colonsThatStartNoNameAreNotParameters() {
        ParsedSql s = one("select a[1:2], a[1: 2], x := 3, ':'");
        assertThat(s.names()).isEmpty();
        assertThat(s.jdbc()).isEqualTo("select a[1:2], a[1: 2], x := 3, ':'");
    }

    @Test
    void aQuestionMarkIsAnOperatorThatJdbcWantsDoubled() {
        ParsedSql s = one("select '{\"a\":1}'::jsonb ? :payload, '?' -- ?");
        assertThat(s.jdbc()).isEqualTo("select '{\"a\":1}'::jsonb ?? ?, '?' -- ?");
        assertThat(s.names()).containsExactly("payload");
    }

    @Test
    void semicolonsSeparateStatementsAndEmptyOnesAreDropped() {
        List<ParsedSql> statements = NamedParameters.parse("""
                select :owner for update;
                ;
                update t set x = 1 where k = :job_key returning x;
                -- nothing after this
                """, "test.sql", NAMES);
        assertThat(statements).extracting(ParsedSql::jdbc)
                .containsExactly("select ? for update", "update t set x = 1 where k = ? returning x");
        assertThat(statements).extracting(ParsedSql::names).containsExactly(List.of("owner"), List.of("job_key"));
        assertThat(NamedParameters.parse("-- only a comment\n", "test.sql", NAMES)).isEmpty();
    }

    @Test
    void aNameTheOperationDoesNotGiveIsOneLineWithItsLineAndTheNamesItMayUse() {
        assertThatThrownBy(() -> NamedParameters.parse("select 1,\n  'x:y',\n  :tokn", "packs/mine/renew.sql", NAMES))
                .isInstanceOf(PackException.class)
                .hasMessage("packs/mine/renew.sql line 3: :tokn is not a parameter of this operation;"
                        + " use :job_key, :owner, :payload, :token");
        assertThatThrownBy(() -> NamedParameters.parse("delete from t where k = :job_key", "delete_all.sql", List.of()))
                .hasMessage("delete_all.sql line 1: :job_key is not a parameter of this operation; it takes no parameters");
    }

    @Test
    void positionalParametersAndUnclosedQuotesAreOneLine() {
        assertThatThrownBy(() -> NamedParameters.parse("select $1", "a.sql", NAMES))
                .hasMessageStartingWith("a.sql line 1: $1 is a positional parameter; write the named one instead (:job_key,");
        assertThatThrownBy(() -> NamedParameters.parse("select 1,\n'never closed\n:owner", "a.sql", NAMES))
                .hasMessage("a.sql line 2: a string literal starts here and never ends; close it");
        assertThatThrownBy(() -> NamedParameters.parse("select /* open", "a.sql", NAMES))
                .hasMessage("a.sql line 1: a /* comment starts here and never ends; close it");
        assertThatThrownBy(() -> NamedParameters.parse("select $q$ open", "a.sql", NAMES))
                .hasMessage("a.sql line 1: a $q$ quote starts here and never ends; close it");
        assertThatThrownBy(() -> NamedParameters.parse("select \"open", "a.sql", NAMES))
                .hasMessageNotContaining("\n").hasMessageContaining("a quoted identifier starts here");
    }
}
