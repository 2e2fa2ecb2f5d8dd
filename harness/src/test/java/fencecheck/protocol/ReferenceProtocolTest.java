package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.ReleaseRejected;
import fencecheck.api.Outcome.Released;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.RolledBack;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Each operation of the reference, with the outcome words the model predicts. */
class ReferenceProtocolTest {

    private static final long TTL = 10_000_000L;

    private Lockstep run;
    private UUID a;
    private UUID b;

    @BeforeEach
    void start() throws SQLException {
        run = new Lockstep(Implementations.select("reference"));
        a = run.owner("worker-a");
        b = run.owner("worker-b");
    }

    @AfterEach
    void agreesWithTheModel() throws SQLException {
        try {
            assertThat(run.divergences()).isEmpty();
        } finally {
            run.close();
        }
    }

    @Test
    void acquireGrantsTokenOneThenRefusesAnotherOwnerThenTakesOverWithTheNextToken() throws SQLException {
        run.clockTo(5);
        assertThat(run.acquire("job", a, TTL)).isEqualTo(new Granted(1, 5 + TTL));
        run.clockTo(6);
        assertThat(run.acquire("job", b, TTL)).isEqualTo(new Busy());
        run.clockTo(5 + TTL + 1);
        assertThat(run.acquire("job", b, TTL)).isEqualTo(new Granted(2, 5 + TTL + 1 + TTL));
        assertThat(run.rows("job").lease()).isEqualTo(new Lease(b.toString(), 5 + 2 * TTL + 1, 2));
    }

    @Test
    void theSameOwnerAcquiringItsValidLeaseAgainGetsTheSameGrantAndNothingChanges() throws SQLException {
        assertThat(run.acquire("job", a, TTL)).isEqualTo(new Granted(1, TTL));
        KeyState before = run.rows("job");
        run.clockTo(TTL / 2);
        assertThat(run.acquire("job", a, 3 * TTL)).isEqualTo(new Granted(1, TTL));
        assertThat(run.rows("job")).isEqualTo(before);
    }

    @Test
    void renewNeedsOwnerTokenAndAValidLease() throws SQLException {
        run.acquire("job", a, TTL);
        run.clockTo(100);
        assertThat(run.renew("job", a, 1, TTL)).isEqualTo(new Renewed(100 + TTL));
        assertThat(run.renew("job", a, 2, TTL)).isEqualTo(new RenewRejected());
        assertThat(run.renew("job", b, 1, TTL)).isEqualTo(new RenewRejected());
        assertThat(run.renew("other", a, 1, TTL)).isEqualTo(new RenewRejected());
        run.clockTo(100 + TTL + 1);
        assertThat(run.renew("job", a, 1, TTL)).isEqualTo(new RenewRejected());
    }

    @Test
    void releaseExpiresTheLeaseButKeepsItsToken() throws SQLException {
        run.acquire("job", a, TTL);
        run.clockTo(1_000);
        assertThat(run.release("job", a, 2)).isEqualTo(new ReleaseRejected());
        assertThat(run.release("job", b, 1)).isEqualTo(new ReleaseRejected());
        assertThat(run.release("job", a, 1)).isEqualTo(new Released());
        assertThat(run.rows("job").lease()).isEqualTo(new Lease(a.toString(), 999, 1));
        assertThat(run.renew("job", a, 1, TTL)).isEqualTo(new RenewRejected());
        assertThat(run.acquire("job", b, TTL)).isEqualTo(new Granted(2, 1_000 + TTL));
    }

    @Test
    void releasingAnExpiredLeaseLeavesItsExpiryAlone() throws SQLException {
        run.acquire("job", a, TTL);
        run.clockTo(3 * TTL);
        assertThat(run.release("job", a, 1)).isEqualTo(new Released());
        assertThat(run.rows("job").lease()).isEqualTo(new Lease(a.toString(), TTL, 1));
    }

    @Test
    void latestTokenSinkWords() throws SQLException {
        assertThat(run.writeLatest("job", 1, "never granted")).isEqualTo(new Forged());
        run.acquire("job", a, TTL);
        assertThat(run.writeLatest("job", 2, "above the grant")).isEqualTo(new Forged());
        assertThat(run.writeLatest("job", 1, "a")).isEqualTo(new Applied());
        assertThat(run.writeLatest("job", 1, "a")).isEqualTo(new Replayed());
        assertThat(run.writeLatest("job", 1, "a2")).isEqualTo(new Conflict());
        run.clockTo(TTL + 1);
        run.acquire("job", b, TTL);
        assertThat(run.writeLatest("job", 2, "b")).isEqualTo(new Applied());
        assertThat(run.writeLatest("job", 1, "a")).isEqualTo(new Stale());
        assertThat(run.rows("job").latest()).isEqualTo(new StoredResult(2, "b"));
    }

    @Test
    void latestTokenSinkAcceptsAnExpiredHoldersWriteUntilSomeoneTakesOver() throws SQLException {
        run.acquire("job", a, TTL);
        run.clockTo(TTL + 1);
        assertThat(run.writeLatest("job", 1, "late but unopposed")).isEqualTo(new Applied());
        run.acquire("job", b, TTL);
        assertThat(run.writeLatest("job", 1, "late and overtaken")).isEqualTo(new Conflict());
        assertThat(run.writeLatest("job", 2, "b")).isEqualTo(new Applied());
    }

    @Test
    void fencedSinkWords() throws SQLException {
        assertThat(run.writeFenced("job", 1, "r1", "never granted")).isEqualTo(new Forged());
        run.acquire("job", a, TTL);
        assertThat(run.writeFenced("job", 2, "r1", "above the fence")).isEqualTo(new Forged());
        assertThat(run.writeFenced("job", 1, "r1", "a")).isEqualTo(new Applied());
        assertThat(run.writeFenced("job", 1, "r1", "a")).isEqualTo(new Replayed());
        assertThat(run.writeFenced("job", 1, "r1", "a2")).isEqualTo(new Conflict());
        assertThat(run.writeFenced("job", 1, "r2", "a")).isEqualTo(new Applied());
        run.clockTo(TTL + 1);
        assertThat(run.writeFenced("job", 1, "r3", "expired, not yet taken over")).isEqualTo(new Applied());
        run.acquire("job", b, TTL);
        assertThat(run.writeFenced("job", 1, "r4", "a after takeover")).isEqualTo(new Stale());
        assertThat(run.writeFenced("job", 1, "r1", "a")).isEqualTo(new Stale());
        assertThat(run.writeFenced("job", 2, "r1", "a")).isEqualTo(new Replayed());
        assertThat(run.writeFenced("job", 2, "r1", "b")).isEqualTo(new Conflict());
        assertThat(run.writeFenced("job", 2, "r4", "b")).isEqualTo(new Applied());
        assertThat(run.rows("job").fenced()).containsOnlyKeys("r1", "r2", "r3", "r4");
    }

    @Test
    void fencesArePerKey() throws SQLException {
        run.acquire("one", a, TTL);
        run.clockTo(TTL + 1);
        run.acquire("one", b, TTL);
        run.acquire("two", a, TTL);
        assertThat(run.writeFenced("two", 1, "r", "two's holder")).isEqualTo(new Applied());
        assertThat(run.writeFenced("two", 2, "r", "one's token")).isEqualTo(new Forged());
        assertThat(run.writeLatest("two", 2, "one's token")).isEqualTo(new Forged());
    }

    @Test
    void aRolledBackWriteReportsWhatItSawAndLeavesNoTrace() throws SQLException {
        run.acquire("job", a, TTL);
        assertThat(run.writeThenRollBack(SinkKind.LATEST_TOKEN_WINS, "job", 1, "-", "x"))
                .isEqualTo(new RolledBack(new Applied()));
        assertThat(run.writeThenRollBack(SinkKind.CURRENT_FENCE, "job", 1, "r", "x"))
                .isEqualTo(new RolledBack(new Applied()));
        assertThat(run.writeThenRollBack(SinkKind.CURRENT_FENCE, "job", 7, "r", "x"))
                .isEqualTo(new RolledBack(new Forged()));
        assertThat(run.rows("job").latest()).isNull();
        assertThat(run.rows("job").fenced()).isEmpty();
        assertThat(run.writeLatest("job", 1, "x")).isEqualTo(new Applied());
        assertThat(run.writeThenRollBack(SinkKind.LATEST_TOKEN_WINS, "job", 1, "-", "y"))
                .isEqualTo(new RolledBack(new Conflict()));
        assertThat(run.rows("job").latest()).isEqualTo(new StoredResult(1, "x"));
    }

    @Test
    void theAcceptanceCaseOfArticleA() throws SQLException {
        Outcome first = run.acquire("job", a, TTL);
        assertThat(first).isEqualTo(new Granted(1, TTL));
        run.clockTo(TTL + 1);
        assertThat(run.acquire("job", b, TTL)).isEqualTo(new Granted(2, 2 * TTL + 1));
        assertThat(run.writeLatest("job", 2, "b's result")).isEqualTo(new Applied());
        assertThat(run.writeLatest("job", 1, "a's result")).isEqualTo(new Stale());
        assertThat(run.rows("job").latest()).isEqualTo(new StoredResult(2, "b's result"));
    }
}
