package fencecheck.run;

import fencecheck.model.RunStop;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a failed call says: the library's words and, when they wrap one, the innermost cause under them. */
class StatementFailureTest {

    @Test
    void aWrappedCauseIsNamedAfterTheLibrarysWords() {
        RuntimeException spring = new RuntimeException("Could not open JDBC Connection for transaction",
                new IllegalStateException("wrapped", new NullPointerException("the session is null")));
        assertThat(StatementWatch.failed(spring, 0).error()).isEqualTo("the statement failed: Could not open JDBC Connection for"
                + " transaction (caused by NullPointerException: the session is null)");
    }

    @Test
    void aCauseTheMessageAlreadyCarriesIsNotRepeated() {
        SQLException server = new SQLException("ERROR: relation \"x\" does not exist");
        assertThat(StatementWatch.failed(new RuntimeException("bad SQL: ERROR: relation \"x\" does not exist", server), 0).error())
                .isEqualTo("the statement failed: bad SQL: ERROR: relation \"x\" does not exist");
        assertThat(StatementWatch.failed(server, 0).error()).isEqualTo("the statement failed: ERROR: relation \"x\" does not exist");
    }

    @Test
    void aStopInsideTheLibrarysExceptionEndsTheTry() {
        RunStop stop = new RunStop("my-leases: the library's acquire ended the kit's transaction");
        assertThatThrownBy(() -> StatementWatch.failed(new RuntimeException("wrapped by the library", stop), 0)).isSameAs(stop);
    }
}
