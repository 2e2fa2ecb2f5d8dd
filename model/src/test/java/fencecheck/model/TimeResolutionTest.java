package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.Renewed;
import fencecheck.api.TimeResolution;
import org.junit.jupiter.api.Test;

class TimeResolutionTest {

    private static final ModelConfig MILLIS = ModelConfig.reference().withResolution(TimeResolution.MILLISECONDS);

    @Test
    void microsecondsKeepEveryInstant() {
        assertThat(TimeResolution.MICROSECONDS.unitMicros()).isEqualTo(1);
        for (long t : new long[] {-1_501, -1, 0, 1, 499, 500, 1_499, 1_500}) {
            assertThat(TimeResolution.MICROSECONDS.round(t)).isEqualTo(t);
            assertThat(TimeResolution.MICROSECONDS.holds(t)).isTrue();
        }
    }

    @Test
    void millisecondsRoundToTheNearestWithHalvesUpAsPostgresDoesAfterItsEpoch() {
        TimeResolution ms = TimeResolution.MILLISECONDS;

        assertThat(ms.unitMicros()).isEqualTo(1_000);
        assertThat(ms.round(1_499)).isEqualTo(1_000);
        assertThat(ms.round(1_500)).isEqualTo(2_000);
        assertThat(ms.round(1_501)).isEqualTo(2_000);
        assertThat(ms.round(2_000)).isEqualTo(2_000);
        assertThat(ms.round(499)).isZero();
        assertThat(ms.round(500)).isEqualTo(1_000);
        // model time before the harness's origin is still long after 2000-01-01: halves go up there too
        assertThat(ms.round(-500)).isZero();
        assertThat(ms.round(-1_500)).isEqualTo(-1_000);
        assertThat(ms.round(-1_501)).isEqualTo(-2_000);
        assertThat(ms.holds(3_000)).isTrue();
        assertThat(ms.holds(3_001)).isFalse();
        assertThat(ms.holds(-3_000)).isTrue();
    }

    @Test
    void aGrantStoresAndAnswersItsEndRoundedToTheMillisecond() {
        Scenario s = Scenario.with(MILLIS);
        s.at(1_499);

        assertThat(s.acquire("x", "a")).isEqualTo(new Granted(1, TTL + 1_000));
        assertThat(s.lease("x").until()).isEqualTo(TTL + 1_000);

        s.at(1_500);
        assertThat(s.acquire("y", "a")).isEqualTo(new Granted(1, TTL + 2_000));
    }

    @Test
    void aRenewalStoresAndAnswersItsEndRoundedToTheMillisecond() {
        Scenario s = Scenario.with(MILLIS);
        s.acquire("job", "a");
        s.at(5 * S + 400);

        assertThat(s.renew("job", "a", 1)).isEqualTo(new Renewed(5 * S + TTL));
        assertThat(s.lease("job").until()).isEqualTo(5 * S + TTL);
    }

    @Test
    void theBoundaryIsJudgedAgainstTheRoundedEndWithAMicrosecondClock() {
        Scenario s = Scenario.with(MILLIS);
        s.at(1_250);
        s.acquire("job", "a");
        long until = TTL + 1_000;
        s.at(until);

        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
        s.at(until + 1);
        assertThat(s.acquire("job", "b")).isEqualTo(new Granted(2, 2 * TTL + 1_000));
    }

    @Test
    void aReleaseStoresOneMillisecondBeforeNowRounded() {
        Scenario s = Scenario.with(MILLIS);
        s.acquire("job", "a");
        s.at(3 * S + 400);

        s.release("job", "a", 1);

        assertThat(s.lease("job").until()).isEqualTo(3 * S - 1_000);
        s.at(4 * S + 600);
        s.release("job", "a", 1);
        assertThat(s.lease("job").until()).as("min(until, now - 1 ms) keeps the earlier end").isEqualTo(3 * S - 1_000);
    }

    @Test
    void underMicrosecondsNothingIsRounded() {
        Scenario s = Scenario.reference();
        s.at(1_499);

        assertThat(s.acquire("job", "a")).isEqualTo(new Granted(1, TTL + 1_499));
    }

    @Test
    void clockStepsLandOnWholeUnitsOnTheSameSideOfTheInstant() {
        TimeResolution ms = TimeResolution.MILLISECONDS;
        assertThat(ms.ceil(10_000_001)).isEqualTo(10_001_000);
        assertThat(ms.floor(9_999_999)).isEqualTo(9_999_000);
        assertThat(ms.ceil(10_000_000)).isEqualTo(10_000_000);
        assertThat(ms.floor(10_000_000)).isEqualTo(10_000_000);
        assertThat(ms.ceil(-1)).isEqualTo(0);
        assertThat(ms.floor(-1)).isEqualTo(-1_000);
        assertThat(TimeResolution.MICROSECONDS.ceil(10_000_001)).isEqualTo(10_000_001);
        assertThat(TimeResolution.MICROSECONDS.floor(9_999_999)).isEqualTo(9_999_999);
    }
}
