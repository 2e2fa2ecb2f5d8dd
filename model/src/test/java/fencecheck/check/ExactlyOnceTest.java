package fencecheck.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExactlyOnceTest {

    private static Delivery effect(int step, String key, String resultId) {
        return new Delivery(step, key, resultId, true);
    }

    private static Delivery skip(int step, String key, String resultId) {
        return new Delivery(step, key, resultId, false);
    }

    private static void assertSingleViolationAt(List<Violation> found, int step) {
        assertThat(found).singleElement().satisfies(v -> {
            assertThat(v.invariant()).isEqualTo(Invariant.EXACTLY_ONCE_EFFECT);
            assertThat(v.step()).isEqualTo(step);
        });
    }

    @Test
    void noDeliveriesAreFine() {
        assertThat(ExactlyOnce.check(List.of())).isEmpty();
    }

    @Test
    void oneEffectPerBusinessKeyIsFine() {
        assertThat(ExactlyOnce.check(List.of(effect(1, "K1", "r1")))).isEmpty();
    }

    @Test
    void redeliveriesSkippedAfterTheEffectAreFine() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), skip(2, "K1", "r1"), skip(3, "K1", "r1"));

        assertThat(ExactlyOnce.check(deliveries)).isEmpty();
    }

    @Test
    void effectsOfDistinctResultIdsAreFine() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), effect(2, "K1", "r2"), skip(3, "K1", "r1"));

        assertThat(ExactlyOnce.check(deliveries)).isEmpty();
    }

    @Test
    void effectsOfTheSameResultIdUnderDistinctKeysAreFine() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), effect(2, "K2", "r1"));

        assertThat(ExactlyOnce.check(deliveries)).isEmpty();
    }

    @Test
    void secondEffectForTheSameBusinessKeyIsAViolation() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), skip(2, "K1", "r1"), effect(3, "K1", "r1"));

        List<Violation> found = ExactlyOnce.check(deliveries);

        assertSingleViolationAt(found, 3);
        assertThat(found.get(0).explanation()).contains("K1/r1").contains("second");
    }

    @Test
    void everyFurtherEffectIsAViolationOfItsOwn() {
        List<Delivery> deliveries = List.of(
                effect(1, "K1", "r1"), effect(2, "K1", "r1"), effect(3, "K1", "r1"), effect(4, "K1", "r1"));

        List<Violation> found = ExactlyOnce.check(deliveries);

        assertThat(found).extracting(Violation::step).containsExactly(2, 3, 4);
        assertThat(found.get(1).explanation()).contains("third");
        assertThat(found.get(2).explanation()).contains("4th");
    }

    @Test
    void skipBeforeAnyEffectIsAViolation() {
        List<Delivery> deliveries = List.of(skip(1, "K1", "r1"), effect(2, "K1", "r1"));

        List<Violation> found = ExactlyOnce.check(deliveries);

        assertSingleViolationAt(found, 1);
        assertThat(found.get(0).explanation()).contains("K1/r1").contains("never happened");
    }

    @Test
    void skipOfAResultIdWhoseSiblingTookEffectIsStillAViolation() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), skip(2, "K1", "r2"));

        assertSingleViolationAt(ExactlyOnce.check(deliveries), 2);
    }

    @Test
    void skipOfAKeyWhoseResultIdTookEffectUnderAnotherKeyIsStillAViolation() {
        List<Delivery> deliveries = List.of(effect(1, "K1", "r1"), skip(2, "K2", "r1"));

        assertSingleViolationAt(ExactlyOnce.check(deliveries), 2);
    }

    @Test
    void violationsOfSeveralBusinessKeysAreAllReported() {
        List<Delivery> deliveries = List.of(
                effect(1, "K1", "r1"), skip(2, "K2", "r1"), effect(3, "K1", "r1"), effect(4, "K2", "r1"));

        assertThat(ExactlyOnce.check(deliveries)).extracting(Violation::step).containsExactly(2, 3);
    }

    @Test
    // ("K1/x", "r1") and ("K1", "x/r1") are two business keys even though joining each with "/" gives one string
    void distinctBusinessKeysThatJoinToTheSameStringAreNotConfused() {
        List<Delivery> deliveries = List.of(effect(1, "K1/x", "r1"), effect(2, "K1", "x/r1"));

        assertThat(ExactlyOnce.check(deliveries)).isEmpty();
    }
}
