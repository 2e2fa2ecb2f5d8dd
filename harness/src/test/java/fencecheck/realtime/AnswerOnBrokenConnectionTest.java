package fencecheck.realtime;

import fencecheck.check.Linearizability;
import fencecheck.check.TimedOperation;
import fencecheck.db.Databases;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A library that catches the error of a connection fencecheck broke and answers normally (Busy, rejected, stale)
 * has not heard from the database: its answer is unknown, the worker gives the session up as after any lost
 * answer, and the run goes on.
 */
class AnswerOnBrokenConnectionTest {

    @Test
    void anAnswerGivenOnABrokenConnectionIsUnknown() throws SQLException {
        // the quick run's settings with a nemesis three times as busy, so that 2 s lose several requests and answers
        RealTimeSettings settings = new RealTimeSettings(4, 2, 2_000, 50, 300, true, 50, 3_000, 100, 11,
                Linearizability.DEFAULT_MAX_STATES, 20_000);

        RealTimeRun.Result r = RealTimeRun.runAndCheck(Databases.shared(), new SwallowsConnectionErrors(), settings);

        List<TimedOperation> swallowed = r.history().operations().stream()
                .filter(o -> o.note().contains("on a broken connection")).toList();
        assertThat(swallowed).as("answers the library gave after the connection broke").isNotEmpty()
                .allMatch(TimedOperation::unknown);
        // Over an intact connection the library is the reference, and every answer it made up is recorded as
        // unknown, which the checker may place anywhere or leave out: nothing is left that could be refused. A
        // refusal here would be a made-up answer taken as the database's (or a bug of the reference).
        assertThat(r.passed()).as(r.verdict().sentence()).isTrue();
    }
}
