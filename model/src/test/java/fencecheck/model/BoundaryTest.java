package fencecheck.model;

import static fencecheck.model.Scenario.S;
import static fencecheck.model.Scenario.TTL;
import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.Renew;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class BoundaryTest {

    /** A holds the lease from 0 until {@code TTL}; the clock is moved to {@code TTL + offset}. */
    private static Scenario heldUntilTtlThenAt(Boundary boundary, long offset) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(TTL + offset);
        return s;
    }

    @ParameterizedTest(name = "{0} at until{1}µs: renew {2}")
    @CsvSource({
            "INCLUSIVE, -1, true",
            "INCLUSIVE,  0, true",
            "INCLUSIVE,  1, false",
            "EXCLUSIVE, -1, true",
            "EXCLUSIVE,  0, false",
            "EXCLUSIVE,  1, false",
    })
    void renewAroundTheBoundary(Boundary boundary, long offset, boolean renews) {
        Scenario s = heldUntilTtlThenAt(boundary, offset);

        Outcome outcome = s.renew("job", "a", 1);

        if (renews) {
            assertThat(outcome).isEqualTo(new Renewed(TTL + offset + TTL));
            assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL + offset + TTL, 1));
        } else {
            assertThat(outcome).isEqualTo(new RenewRejected());
            assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1));
        }
    }

    @ParameterizedTest(name = "{0} at until{1}µs: other owner acquires {2}")
    @CsvSource({
            "INCLUSIVE, -1, false",
            "INCLUSIVE,  0, false",
            "INCLUSIVE,  1, true",
            "EXCLUSIVE, -1, false",
            "EXCLUSIVE,  0, true",
            "EXCLUSIVE,  1, true",
    })
    void otherOwnerAcquireAroundTheBoundary(Boundary boundary, long offset, boolean acquires) {
        Scenario s = heldUntilTtlThenAt(boundary, offset);

        Outcome outcome = s.acquire("job", "b");

        if (acquires) {
            assertThat(outcome).isEqualTo(new Granted(2, TTL + offset + TTL));
            assertThat(s.lease("job")).isEqualTo(new Lease("b", TTL + offset + TTL, 2));
        } else {
            assertThat(outcome).isEqualTo(new Busy());
            assertThat(s.lease("job")).isEqualTo(new Lease("a", TTL, 1));
        }
    }

    @ParameterizedTest(name = "{0} at until{1}µs: same owner gets token {2}")
    @CsvSource({
            "INCLUSIVE, -1, 1",
            "INCLUSIVE,  0, 1",
            "INCLUSIVE,  1, 2",
            "EXCLUSIVE, -1, 1",
            "EXCLUSIVE,  0, 2",
            "EXCLUSIVE,  1, 2",
    })
    void sameOwnerAcquireAroundTheBoundaryIsRegrantOnlyWhileValid(Boundary boundary, long offset, long token) {
        Scenario s = heldUntilTtlThenAt(boundary, offset);

        Outcome outcome = s.acquire("job", "a");

        long until = token == 1 ? TTL : TTL + offset + TTL;
        assertThat(outcome).isEqualTo(new Granted(token, until));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void atNoInstantCanOneOwnerRenewWhileAnotherAcquires(Boundary boundary) {
        for (long offset = -3; offset <= 3; offset++) {
            Scenario s = heldUntilTtlThenAt(boundary, offset);

            boolean renews = s.peek(new Renew("job", "a", 1, TTL)).outcome() instanceof Renewed;
            boolean acquires = s.peek(new Acquire("job", "b", TTL)).outcome() instanceof Granted;

            assertThat(renews && acquires).as("%s at until%+dµs", boundary, offset).isFalse();
            assertThat(renews || acquires).as("%s at until%+dµs", boundary, offset).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void afterATakeoverAtTheFirstExpiredInstantTheOldHolderCannotRenewAtThatInstant(Boundary boundary) {
        long firstExpired = boundary == Boundary.INCLUSIVE ? 1 : 0;
        Scenario s = heldUntilTtlThenAt(boundary, firstExpired);

        assertThat(s.acquire("job", "b")).isInstanceOf(Granted.class);
        assertThat(s.renew("job", "a", 1)).isEqualTo(new RenewRejected());
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void theBoundaryMovesWithARenew(Boundary boundary) {
        Scenario s = Scenario.with(boundary);
        s.acquire("job", "a");
        s.at(5 * S);
        s.renew("job", "a", 1, 20 * S);
        long until = 25 * S;

        s.at(until - 1);
        assertThat(s.peek(new Acquire("job", "b", TTL)).outcome()).isEqualTo(new Busy());
        s.at(until);
        Outcome atUntil = s.peek(new Acquire("job", "b", TTL)).outcome();
        if (boundary == Boundary.INCLUSIVE) {
            assertThat(atUntil).isEqualTo(new Busy());
        } else {
            assertThat(atUntil).isEqualTo(new Granted(2, until + TTL));
        }
        s.at(until + 1);
        assertThat(s.peek(new Acquire("job", "b", TTL)).outcome()).isEqualTo(new Granted(2, until + 1 + TTL));
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void renewAtTheLastValidInstantKeepsTheLeaseOutOfReach(Boundary boundary) {
        long lastValid = boundary == Boundary.INCLUSIVE ? 0 : -1;
        Scenario s = heldUntilTtlThenAt(boundary, lastValid);

        assertThat(s.renew("job", "a", 1)).isInstanceOf(Renewed.class);
        s.after(1);
        assertThat(s.acquire("job", "b")).isEqualTo(new Busy());
    }

    @Test
    void inclusiveCountsTheUntilInstantAsValid() {
        assertThat(Boundary.INCLUSIVE.isValid(9, 10)).isTrue();
        assertThat(Boundary.INCLUSIVE.isValid(10, 10)).isTrue();
        assertThat(Boundary.INCLUSIVE.isValid(11, 10)).isFalse();
        assertThat(Boundary.INCLUSIVE.isExpired(10, 10)).isFalse();
        assertThat(Boundary.INCLUSIVE.isExpired(11, 10)).isTrue();
    }

    @Test
    void exclusiveCountsTheUntilInstantAsExpired() {
        assertThat(Boundary.EXCLUSIVE.isValid(9, 10)).isTrue();
        assertThat(Boundary.EXCLUSIVE.isValid(10, 10)).isFalse();
        assertThat(Boundary.EXCLUSIVE.isValid(11, 10)).isFalse();
        assertThat(Boundary.EXCLUSIVE.isExpired(9, 10)).isFalse();
        assertThat(Boundary.EXCLUSIVE.isExpired(10, 10)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void expiredIsExactlyNotValid(Boundary boundary) {
        for (long now = -2; now <= 2; now++) {
            assertThat(boundary.isExpired(now, 0)).isEqualTo(!boundary.isValid(now, 0));
        }
    }
}
