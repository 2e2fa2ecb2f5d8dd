package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Boundary;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class MutualExclusionTest {

    private static void assertSingleViolationAt(List<Violation> found, int step) {
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.MUTUAL_EXCLUSION);
            assertThat(v.step()).isEqualTo(step);
        });
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void twoOwnersValidAtOnceIsAViolation(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(5, "job", "b", 2, 15);

        List<Violation> found = Invariants.mutualExclusion(h.events(), boundary);

        assertSingleViolationAt(found, 2);
        assertThat(found.get(0).explanation()).contains("b").contains("a's lease");
    }

    @Test
    void takeoverExactlyAtTheBoundaryInstantIsAViolationUnderInclusive() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(10, "job", "b", 2, 20);

        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), Boundary.INCLUSIVE), 2);
    }

    @Test
    void takeoverExactlyAtTheBoundaryInstantIsFineUnderExclusive() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(10, "job", "b", 2, 20);

        assertThat(Invariants.mutualExclusion(h.events(), Boundary.EXCLUSIVE)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void takeoverOneMicrosecondAfterTheBoundaryIsFine(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21);

        assertThat(Invariants.mutualExclusion(h.events(), boundary)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void takeoverOneMicrosecondBeforeTheBoundaryIsAViolation(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(9, "job", "b", 2, 19);

        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), boundary), 2);
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void renewByTheOldHolderAfterTakeoverIsAViolation(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .renewed(12, "job", "a", 1, 22);

        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), boundary), 3);
    }

    @Test
    void renewAtTheBoundaryWhileAnotherAcquiredIsAViolationUnderInclusive() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .renewed(5, "job", "a", 1, 20)
                .granted(20, "job", "b", 2, 30);

        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), Boundary.INCLUSIVE), 3);
        assertThat(Invariants.mutualExclusion(h.events(), Boundary.EXCLUSIVE)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void renewExtendsWhatCountsAsValid(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .renewed(5, "job", "a", 1, 15)
                .granted(12, "job", "b", 2, 22);

        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), boundary), 3);
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseThenTakeoverAtTheSameInstantIsFine(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .released(3, "job", "a", 1)
                .granted(3, "job", "b", 2, 13);

        assertThat(Invariants.mutualExclusion(h.events(), boundary)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void sameOwnerRegrantAndRenewAreFine(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(4, "job", "a", 1, 10)
                .renewed(5, "job", "a", 1, 15)
                .granted(6, "job", "a", 1, 15);

        assertThat(Invariants.mutualExclusion(h.events(), boundary)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void rejectedAttemptsAreNotHoldings(Boundary boundary) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .busy(5, "job", "b")
                .renewRejected(6, "job", "b", 1);

        assertThat(Invariants.mutualExclusion(h.events(), boundary)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void overlappingLeasesOnDifferentKeysAreFine(Boundary boundary) {
        History h = new History()
                .granted(0, "x", "a", 1, 10)
                .granted(5, "y", "b", 1, 15)
                .renewed(6, "x", "a", 1, 16)
                .renewed(7, "y", "b", 1, 17)
                .granted(8, "y", "a", 2, 18);

        assertThat(Invariants.mutualExclusion(h.events().subList(0, 4), boundary)).isEmpty();
        assertSingleViolationAt(Invariants.mutualExclusion(h.events(), boundary), 5);
    }

    @Test
    void exclusiveTakeoverAtTheBoundaryIsCaughtByAnInclusiveChecker() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(10, "job", "b", 2, 20)
                .granted(20, "job", "c", 3, 30);

        assertThat(Invariants.mutualExclusion(h.events(), Boundary.INCLUSIVE))
                .extracting(Violation::step).containsExactly(2, 3);
        assertThat(Invariants.mutualExclusion(h.events(), Boundary.EXCLUSIVE)).isEmpty();
    }

    @Test
    void everyStillValidHolderIsReported() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(1, "job", "b", 2, 10)
                .granted(2, "job", "c", 3, 10);

        assertThat(Invariants.mutualExclusion(h.events(), Boundary.INCLUSIVE))
                .extracting(Violation::step).containsExactly(2, 3, 3);
    }

    @ParameterizedTest
    @EnumSource(Boundary.class)
    void releaseOfAKeyNeverGrantedInTheHistoryIsNotAnError(Boundary boundary) {
        History h = new History().released(0, "job", "a", 1);

        assertThat(Invariants.mutualExclusion(h.events(), boundary)).isEmpty();
    }
}
