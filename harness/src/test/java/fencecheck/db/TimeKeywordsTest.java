package fencecheck.db;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The clock keywords are rewritten where PostgreSQL reads them as keywords, and nowhere else. */
class TimeKeywordsTest {

    private static final String TS = "fencecheck_clock.\"current_timestamp\"";

    @Test
    void eachKeywordBecomesACallOfTheClockSchemasFunction() {
        assertThat(TimeKeywords.rewrite("select current_timestamp, current_time, current_date, localtimestamp, localtime"))
                .isEqualTo("select " + TS + "(), fencecheck_clock.\"current_time\"(), fencecheck_clock.\"current_date\"(),"
                        + " fencecheck_clock.\"localtimestamp\"(), fencecheck_clock.\"localtime\"()");
        assertThat(TimeKeywords.rewrite("update t set until = current_timestamp + ? where until < current_timestamp"))
                .isEqualTo("update t set until = " + TS + "() + ? where until < " + TS + "()");
    }

    @Test
    void theCaseDoesNotMatter() {
        assertThat(TimeKeywords.rewrite("SELECT CURRENT_TIMESTAMP, Current_Date, LocalTimeStamp"))
                .isEqualTo("SELECT " + TS + "(), fencecheck_clock.\"current_date\"(), fencecheck_clock.\"localtimestamp\"()");
    }

    @Test
    void aPrecisionIsKeptAsWritten() {
        assertThat(TimeKeywords.rewrite("select current_timestamp(3), LOCALTIMESTAMP (0), current_time(2), localtime /* p */ (1)"))
                .isEqualTo("select " + TS + "(3), fencecheck_clock.\"localtimestamp\" (0), fencecheck_clock.\"current_time\"(2),"
                        + " fencecheck_clock.\"localtime\" /* p */ (1)");
        assertThat(TimeKeywords.rewrite("select current_timestamp\n  (6)")).isEqualTo("select " + TS + "\n  (6)");
    }

    @Test
    void keywordsInsideStringsCommentsQuotedIdentifiersAndDollarQuotesAreLeftAlone() {
        for (String untouched : new String[] {
                "select 'current_timestamp'",
                "select 'it''s current_date'",
                "select E'\\' current_date'",
                "select e'a\\\\' || 'localtime'",
                "select U&'current_time', B'1', X'1F', N'localtime'",
                "select 1 -- current_timestamp\n",
                "select /* current_date /* nested localtime */ current_time */ 1",
                "select \"current_timestamp\" from t",
                "select \"a\"\"current_date\" from t",
                "select $$ current_timestamp $$",
                "select $body$ now() < current_timestamp $$ current_date $body$",
                "create function f() returns timestamptz language sql as $f$ select current_timestamp $f$",
        }) {
            assertThat(TimeKeywords.rewrite(untouched)).as(untouched).isSameAs(untouched);
        }
        assertThat(TimeKeywords.rewrite("select 'a' || current_date || $x$b$x$ -- localtime\n, current_time"))
                .isEqualTo("select 'a' || fencecheck_clock.\"current_date\"() || $x$b$x$ -- localtime\n, fencecheck_clock.\"current_time\"()");
        assertThat(TimeKeywords.rewrite("select E'\\'', current_date")).isEqualTo("select E'\\'', fencecheck_clock.\"current_date\"()");
    }

    @Test
    void aKeywordInsideALongerNameOrUsedAsANameIsLeftAlone() {
        for (String untouched : new String[] {
                "select my_current_timestamp, current_timestamp_col, current_timestamps, localtimestamp1, x$current_date",
                "select t.current_date, t . localtime from t",
                "select now() as current_timestamp",
                "select now() AS /* a label */ LOCALTIMESTAMP",
                "select $1, current_time$ from t",
                "select 12e3",
        }) {
            assertThat(TimeKeywords.rewrite(untouched)).as(untouched).isSameAs(untouched);
        }
    }

    @Test
    void parametersAndOperatorsAroundAKeywordStayAsTheyWere() {
        assertThat(TimeKeywords.rewrite("select $1::timestamptz<current_timestamp,(current_date)+1,-current_time"))
                .isEqualTo("select $1::timestamptz<" + TS + "(),(fencecheck_clock.\"current_date\"())+1,-fencecheck_clock.\"current_time\"()");
        assertThat(TimeKeywords.rewrite("select current_timestamp at time zone 'utc', cast(current_timestamp as text)"))
                .isEqualTo("select " + TS + "() at time zone 'utc', cast(" + TS + "() as text)");
        assertThat(TimeKeywords.rewrite("insert into t values (1, current_timestamp);insert into t values (2, localtime)"))
                .isEqualTo("insert into t values (1, " + TS + "());insert into t values (2, fencecheck_clock.\"localtime\"())");
    }

    @Test
    void theClocksOwnSqlPassesUnchanged() {
        String clock = SqlResources.load("clock.sql");
        assertThat(TimeKeywords.rewrite(clock)).isSameAs(clock);
        String loadedAgain = SqlResources.load("clock.sql");
        assertThat(TimeKeywords.rewrite(loadedAgain)).as("remembered, and still the text itself").isSameAs(loadedAgain);
    }

    @Test
    void aRememberedRewriteIsTheSameAsTheFirst() {
        String sql = "select current_timestamp, localtime(2)";
        assertThat(TimeKeywords.rewrite(new String(sql))).isEqualTo(TimeKeywords.rewrite(sql))
                .contains("fencecheck_clock.\"current_timestamp\"()");
    }

    @Test
    void unterminatedFormsEndTheTextWithoutFailing() {
        for (String unterminated : new String[] {"select 'current_date", "select \"current_date", "select $$ current_date",
                "select /* current_date", "select -- current_date"}) {
            assertThat(TimeKeywords.rewrite(unterminated)).isSameAs(unterminated);
        }
        assertThat(TimeKeywords.rewrite("")).isEmpty();
        assertThat(TimeKeywords.rewrite(null)).isNull();
    }
}
