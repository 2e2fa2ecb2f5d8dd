package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Applied;
import fencecheck.api.Outcome.Conflict;
import fencecheck.api.Outcome.Forged;
import fencecheck.api.Outcome.Replayed;
import fencecheck.api.Outcome.Stale;
import fencecheck.api.SinkKind;
import fencecheck.model.Command;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NoStaleAcceptanceTest {

    private static List<Violation> check(History h) {
        return Invariants.noStaleAcceptance(h.events());
    }

    private static void assertSingleViolationAt(List<Violation> found, int step) {
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.NO_STALE_ACCEPTANCE);
            assertThat(v.step()).isEqualTo(step);
        });
    }

    @Test
    void fencedWriteAcceptedAfterATakeoverIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .fenced(12, "job", 1, new Applied());

        List<Violation> found = check(h);

        assertSingleViolationAt(found, 3);
        assertThat(found.get(0).explanation()).contains("token 1").contains("token 2");
    }

    @Test
    void fencedReplayAcceptedAfterATakeoverIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .fenced(1, "job", 1, "r1", new Applied())
                .granted(11, "job", "b", 2, 21)
                .fenced(12, "job", 1, "r1", new Replayed());

        assertSingleViolationAt(check(h), 4);
    }

    @Test
    void fencedWriteWithTheLatestGrantIsFine() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .fenced(1, "job", 1, new Applied())
                .fenced(20, "job", 1, new Applied())
                .granted(21, "job", "b", 2, 31)
                .fenced(22, "job", 2, new Applied())
                .fenced(23, "job", 2, new Replayed());

        assertThat(check(h)).isEmpty();
    }

    @Test
    void rejectedStaleFencedWritesAreFine() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .fenced(12, "job", 1, new Stale())
                .fenced(13, "job", 1, new Conflict())
                .event(14, new Command.RolledBackWrite(new Command.Write(SinkKind.CURRENT_FENCE, "job", 1, "r", "p")),
                        new Outcome.RolledBack(new Applied()));

        assertThat(check(h)).isEmpty();
    }

    @Test
    void decreasingLatestTokenAcceptanceIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .latest(12, "job", 2, new Applied())
                .latest(13, "job", 1, new Applied());

        List<Violation> found = check(h);

        assertSingleViolationAt(found, 4);
        assertThat(found.get(0).explanation()).contains("token 1").contains("token 2");
    }

    @Test
    void decreasingLatestTokenReplayIsAViolation() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .latest(1, "job", 1, new Applied())
                .granted(11, "job", "b", 2, 21)
                .latest(12, "job", 2, new Applied())
                .latest(13, "job", 1, new Replayed());

        assertSingleViolationAt(check(h), 5);
    }

    @Test
    void oldHoldersLatestTokenWriteBeforeTheNewHolderWritesIsFine() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .latest(12, "job", 1, new Applied())
                .latest(13, "job", 1, new Replayed())
                .latest(14, "job", 2, new Applied())
                .latest(15, "job", 1, new Stale());

        assertThat(check(h)).isEmpty();
    }

    @Test
    void latestTokenOrderIsPerKey() {
        History h = new History()
                .granted(0, "x", "a", 1, 10)
                .granted(11, "x", "b", 2, 21)
                .granted(0, "y", "a", 1, 10)
                .latest(12, "x", 2, new Applied())
                .latest(12, "y", 1, new Applied());

        assertThat(check(h)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void acceptedTokenAboveTheLatestGrantIsAViolation(SinkKind sink) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .write(1, sink, "job", 2, new Applied());

        List<Violation> found = check(h);

        assertSingleViolationAt(found, 2);
        assertThat(found.get(0).explanation()).contains("never granted");
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void acceptedTokenForANeverGrantedKeyIsAViolation(SinkKind sink) {
        History h = new History().write(1, sink, "job", 1, new Applied());

        assertSingleViolationAt(check(h), 1);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void acceptedTokenOfAnotherKeyIsAViolation(SinkKind sink) {
        History h = new History()
                .granted(0, "x", "a", 1, 10)
                .granted(0, "y", "a", 1, 10)
                .granted(11, "y", "b", 2, 21)
                .write(12, sink, "x", 2, new Replayed());

        assertSingleViolationAt(check(h), 4);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void writeBeforeItsGrantIsAViolation(SinkKind sink) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .write(11, sink, "job", 2, new Applied())
                .granted(12, "job", "b", 2, 22);

        assertSingleViolationAt(check(h), 2);
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void rejectedForgedWritesAreFine(SinkKind sink) {
        History h = new History()
                .write(0, sink, "job", 1, new Forged())
                .granted(0, "job", "a", 1, 10)
                .write(1, sink, "job", 5, new Forged());

        assertThat(check(h)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SinkKind.class)
    void busyAndRenewAreNotGrants(SinkKind sink) {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .busy(1, "job", "b")
                .renewed(2, "job", "a", 1, 12)
                .write(3, sink, "job", 1, new Applied());

        assertThat(check(h)).isEmpty();
    }

    @Test
    void everyStaleAcceptanceIsReported() {
        History h = new History()
                .granted(0, "job", "a", 1, 10)
                .granted(11, "job", "b", 2, 21)
                .fenced(12, "job", 1, new Applied())
                .fenced(13, "job", 1, new Applied())
                .latest(14, "job", 2, new Applied())
                .latest(15, "job", 1, new Applied());

        assertThat(check(h)).extracting(Violation::step).containsExactly(3, 4, 6);
    }
}
