package fencecheck.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * 5. Each outbox business key takes effect at the consumer exactly once: never
 * twice, however often its message is delivered, and a delivery that the
 * consumer skips as already applied must follow one that applied it.
 */
public final class ExactlyOnce {

    private ExactlyOnce() {
    }

    public static List<Violation> check(List<Delivery> deliveries) {
        List<Violation> found = new ArrayList<>();
        Map<BusinessKey, Integer> effects = new HashMap<>();
        for (Delivery d : deliveries) {
            BusinessKey businessKey = new BusinessKey(d.key(), d.resultId());
            int before = effects.getOrDefault(businessKey, 0);
            if (d.effect()) {
                effects.put(businessKey, before + 1);
                if (before >= 1) {
                    found.add(new Violation(Invariant.EXACTLY_ONCE_EFFECT, d.step(),
                            "business key " + businessKey + " took effect a " + ordinal(before + 1) + " time"));
                }
            } else if (before == 0) {
                found.add(new Violation(Invariant.EXACTLY_ONCE_EFFECT, d.step(),
                        "the consumer skipped business key " + businessKey + " as applied, but its effect never happened"));
            }
        }
        return found;
    }

    /** Job key and result id kept apart: no way of joining them into one string can make two keys one. */
    private record BusinessKey(String key, String resultId) {
        @Override
        public String toString() {
            return key + "/" + resultId;
        }
    }

    private static String ordinal(int n) {
        return switch (n) {
            case 2 -> "second";
            case 3 -> "third";
            default -> n + "th";
        };
    }
}
