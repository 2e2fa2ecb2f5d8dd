package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.api.StoredResult;
import fencecheck.model.Command.Write;
import org.junit.jupiter.api.Test;

class LatestTokenSinkTest {

    /** a holds token 1 from 0; the lease has expired and b took over with token 2 at {@code TTL + 1}. */
    private static Scenario takenOver() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);
        s.acquire("job", "b");
        return s;
    }

    @Test
    void firstWriteWithTheHoldersTokenIsApplied() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");

        assertThat(s.writeLatest("job", 1, "p")).isEqualTo(new Applied());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(1, "p"));
    }

    @Test
    void sameTokenAndPayloadIsReplayedWithoutChange() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.writeLatest("job", 1, "p");
        ProtocolState before = s.state();

        assertThat(s.writeLatest("job", 1, "p")).isEqualTo(new Replayed());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void sameTokenWithAnotherPayloadIsAConflictWithoutChange() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.writeLatest("job", 1, "p");
        ProtocolState before = s.state();

        assertThat(s.writeLatest("job", 1, "q")).isEqualTo(new Conflict());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(1, "p"));
    }

    @Test
    void resultIdIsIgnoredOneRowPerKey() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.step(new Write(SinkKind.LATEST_TOKEN_WINS, "job", 1, "r1", "p"));

        assertThat(s.step(new Write(SinkKind.LATEST_TOKEN_WINS, "job", 1, "r2", "p"))).isEqualTo(new Replayed());
        assertThat(s.step(new Write(SinkKind.LATEST_TOKEN_WINS, "job", 1, "r3", "q"))).isEqualTo(new Conflict());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(1, "p"));
        assertThat(s.key("job").fenced()).isEmpty();
    }

    @Test
    void higherTokenOverwrites() {
        Scenario s = takenOver();
        s.writeLatest("job", 1, "from a");

        assertThat(s.writeLatest("job", 2, "from b")).isEqualTo(new Applied());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(2, "from b"));
    }

    @Test
    void lowerTokenIsStaleAndNeverOverwrites() {
        Scenario s = takenOver();
        s.writeLatest("job", 2, "from b");
        ProtocolState before = s.state();

        assertThat(s.writeLatest("job", 1, "from a")).isEqualTo(new Stale());
        assertThat(s.writeLatest("job", 1, "from b")).isEqualTo(new Stale());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(2, "from b"));
    }

    @Test
    void expiredButNotTakenOverWriteIsStillApplied() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 60 * S);

        assertThat(s.writeLatest("job", 1, "late")).isEqualTo(new Applied());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(1, "late"));
    }

    @Test
    void afterTakeoverOldHolderIsAcceptedUntilTheNewHolderWritesAndNeverOverwritesIt() {
        Scenario s = takenOver();

        assertThat(s.writeLatest("job", 1, "from a")).isEqualTo(new Applied());
        assertThat(s.writeLatest("job", 1, "from a")).isEqualTo(new Replayed());
        assertThat(s.writeLatest("job", 2, "from b")).isEqualTo(new Applied());
        assertThat(s.writeLatest("job", 1, "from a")).isEqualTo(new Stale());
        assertThat(s.writeLatest("job", 1, "again from a")).isEqualTo(new Stale());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(2, "from b"));
    }

    @Test
    void articleAcceptanceCaseStoresTheNewHoldersResult() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        s.at(TTL + 1);
        s.acquire("job", "b");
        s.writeLatest("job", 2, "from b");

        assertThat(s.writeLatest("job", 1, "from a")).isEqualTo(new Stale());
        assertThat(s.key("job").latest()).isEqualTo(new StoredResult(2, "from b"));
    }

    @Test
    void writeTouchesNeitherTheLeaseNorTheFencedSink() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        Lease lease = s.lease("job");

        s.writeLatest("job", 1, "p");

        assertThat(s.lease("job")).isEqualTo(lease);
        assertThat(s.key("job").fenced()).isEmpty();
        assertThat(s.now()).isZero();
    }

    @Test
    void acceptedOutcomesAreSuccessAndRejectionsAreNot() {
        assertThat(new Applied().accepted()).isTrue();
        assertThat(new Replayed().accepted()).isTrue();
        assertThat(new Conflict().accepted()).isFalse();
        assertThat(new Stale().accepted()).isFalse();
        assertThat(new Outcome.Forged().accepted()).isFalse();
        assertThat(Outcome.isSuccess(new Applied())).isTrue();
        assertThat(Outcome.isSuccess(new Replayed())).isTrue();
        assertThat(Outcome.isSuccess(new Conflict())).isFalse();
        assertThat(Outcome.isSuccess(new Stale())).isFalse();
        assertThat(Outcome.isSuccess(new Outcome.Forged())).isFalse();
    }
}
