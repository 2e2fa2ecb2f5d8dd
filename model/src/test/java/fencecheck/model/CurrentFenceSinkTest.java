package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.StoredResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CurrentFenceSinkTest {

    private static Scenario held() {
        Scenario s = Scenario.reference();
        s.acquire("job", "a");
        return s;
    }

    /** a held token 1 from 0; b took over with token 2 at {@code TTL + 1}. */
    private static Scenario takenOver() {
        Scenario s = held();
        s.at(TTL + 1);
        s.acquire("job", "b");
        return s;
    }

    @Test
    void writeWithTheFenceAndANewResultIdIsApplied() {
        Scenario s = held();

        assertThat(s.writeFenced("job", 1, "r1", "p")).isEqualTo(new Applied());
        assertThat(s.key("job").fenced()).containsExactlyEntriesOf(Map.of("r1", new StoredResult(1, "p")));
    }

    @Test
    void eachNewResultIdIsAppliedAsItsOwnRow() {
        Scenario s = held();
        s.writeFenced("job", 1, "r1", "p");

        assertThat(s.writeFenced("job", 1, "r2", "q")).isEqualTo(new Applied());
        assertThat(s.key("job").fenced()).containsOnlyKeys("r1", "r2");
        assertThat(s.key("job").fenced().get("r2")).isEqualTo(new StoredResult(1, "q"));
    }

    @Test
    void sameResultIdAndPayloadIsReplayedWithoutChange() {
        Scenario s = held();
        s.writeFenced("job", 1, "r1", "p");
        ProtocolState before = s.state();

        assertThat(s.writeFenced("job", 1, "r1", "p")).isEqualTo(new Replayed());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void sameResultIdWithAnotherPayloadIsAConflictWithoutChange() {
        Scenario s = held();
        s.writeFenced("job", 1, "r1", "p");
        ProtocolState before = s.state();

        assertThat(s.writeFenced("job", 1, "r1", "q")).isEqualTo(new Conflict());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void expiredButNotTakenOverWriteIsStillApplied() {
        Scenario s = held();
        s.at(TTL + 60 * S);

        assertThat(s.writeFenced("job", 1, "r1", "late")).isEqualTo(new Applied());
        assertThat(s.key("job").fenced().get("r1")).isEqualTo(new StoredResult(1, "late"));
    }

    @Test
    void afterTakeoverTheOldHolderIsStaleBeforeTheNewHolderWritesAnything() {
        Scenario s = takenOver();
        ProtocolState before = s.state();

        assertThat(s.writeFenced("job", 1, "r1", "from a")).isEqualTo(new Stale());
        assertThat(s.state()).isEqualTo(before);
        assertThat(s.key("job").fenced()).isEmpty();
    }

    @Test
    void afterTakeoverTheOldHoldersRetryOfAStoredResultIsStaleNotReplayed() {
        Scenario s = held();
        s.writeFenced("job", 1, "r1", "from a");
        s.at(TTL + 1);
        s.acquire("job", "b");

        assertThat(s.writeFenced("job", 1, "r1", "from a")).isEqualTo(new Stale());
        assertThat(s.writeFenced("job", 1, "r1", "other")).isEqualTo(new Stale());
        assertThat(s.writeFenced("job", 1, "r2", "new")).isEqualTo(new Stale());
    }

    @Test
    void theFenceAdvancesAtTheGrantWithoutAnyClockMove() {
        Scenario s = held();
        s.at(TTL + 1);
        assertThat(s.writeFenced("job", 1, "r1", "from a")).isEqualTo(new Applied());

        s.acquire("job", "b");

        assertThat(s.writeFenced("job", 1, "r2", "from a")).isEqualTo(new Stale());
        assertThat(s.writeFenced("job", 2, "r2", "from b")).isEqualTo(new Applied());
    }

    @Test
    void newHolderWritesAreAppliedAndTheOldOnesStayStale() {
        Scenario s = takenOver();

        assertThat(s.writeFenced("job", 2, "r1", "from b")).isEqualTo(new Applied());
        assertThat(s.writeFenced("job", 1, "r1", "from b")).isEqualTo(new Stale());
        assertThat(s.key("job").fenced().get("r1")).isEqualTo(new StoredResult(2, "from b"));
    }

    @Test
    void newHolderWritingAResultIdStoredByTheOldHolderFollowsTheResultIdRule() {
        Scenario s = held();
        s.writeFenced("job", 1, "r1", "p");
        s.at(TTL + 1);
        s.acquire("job", "b");
        ProtocolState before = s.state();

        assertThat(s.writeFenced("job", 2, "r1", "p")).isEqualTo(new Replayed());
        assertThat(s.writeFenced("job", 2, "r1", "q")).isEqualTo(new Conflict());
        assertThat(s.state()).isEqualTo(before);
    }

    @Test
    void regrantDoesNotAdvanceTheFence() {
        Scenario s = held();
        s.acquire("job", "a");

        assertThat(s.writeFenced("job", 1, "r1", "p")).isEqualTo(new Applied());
    }

    @Test
    void busyDoesNotAdvanceTheFence() {
        Scenario s = held();
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());

        assertThat(s.writeFenced("job", 1, "r1", "p")).isEqualTo(new Applied());
    }

    @Test
    void renewDoesNotAdvanceTheFence() {
        Scenario s = held();
        s.at(5 * S);
        s.renew("job", "a", 1);

        assertThat(s.writeFenced("job", 1, "r1", "p")).isEqualTo(new Applied());
    }

    @Test
    void releaseKeepsTheFenceUntilATakeover() {
        Scenario s = held();
        s.at(2 * S);
        s.release("job", "a", 1);

        assertThat(s.writeFenced("job", 1, "r1", "after release")).isEqualTo(new Applied());
        s.acquire("job", "b");
        assertThat(s.writeFenced("job", 1, "r2", "after takeover")).isEqualTo(new Stale());
    }

    @Test
    void tokenBelowOneIsStale() {
        Scenario s = held();

        assertThat(s.writeFenced("job", 0, "r1", "p")).isEqualTo(new Stale());
        assertThat(s.writeFenced("job", -1, "r1", "p")).isEqualTo(new Stale());
    }

    @Test
    void writeTouchesNeitherTheLeaseNorTheLatestTokenSink() {
        Scenario s = held();
        Lease lease = s.lease("job");

        s.writeFenced("job", 1, "r1", "p");

        assertThat(s.lease("job")).isEqualTo(lease);
        assertThat(s.key("job").latest()).isNull();
    }
}
