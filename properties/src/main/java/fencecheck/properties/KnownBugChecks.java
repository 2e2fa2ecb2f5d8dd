package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.Variants;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * For each built-in known-buggy variant, the properties (by the group of situations each covers) that declare they
 * catch it: the claims fencecheck's own tests check. A variant is judged caught or missed only by these; any other
 * property that runs it is an ordinary run of that property. A user's implementation is never here, whatever its
 * pack's {@code description} says: its runs pass or fail like any other.
 */
final class KnownBugChecks {

    /** Lock-step variants that real time does not reach in seconds (see the real-time section of the README). */
    private static final Set<String> NOT_CAUGHT_IN_REAL_TIME = Set.of(Variants.BOUNDARY_OVERLAP, Variants.RENEW_REVIVES_EXPIRED);

    /**
     * Lease variants whose bug lies within exhaustive mode's default scope (2 workers, 1 key): found by depth 4. The
     * others need a coordinator restart, a database crash, a retried write or a second key.
     */
    private static final Set<String> FOUND_EXHAUSTIVELY = Set.of(Variants.RELEASE_DELETES_ROW, Variants.SINK_TRUSTS_TOKEN,
            FaultVariants.ACQUIRE_NOT_IDEMPOTENT, Variants.ZERO_ROWS_IS_SUCCESS, Variants.RENEW_REVIVES_EXPIRED,
            Variants.ACQUIRE_KEEPS_TOKEN, Variants.SINK_IGNORES_TOKEN, Variants.SINK_ACCEPTS_EQUAL_TOKEN, Variants.BOUNDARY_OVERLAP,
            Variants.STABLE_OWNER, Variants.RENEW_IGNORES_TOKEN);

    private static final Map<String, Set<Check>> DECLARED = declared();

    private KnownBugChecks() {
    }

    /** The groups whose property declares it catches the built-in variant of that name; empty for any other name. */
    static Set<Check> declaredFor(String implementation) {
        return DECLARED.getOrDefault(implementation, Set.of());
    }

    /** Whether the property covering {@code group} declares it catches the built-in variant {@code implementation}. */
    static boolean declares(Check group, String implementation) {
        return group != null && declaredFor(implementation).contains(group);
    }

    private static Map<String, Set<Check>> declared() {
        Map<String, Set<Check>> declared = new HashMap<>();
        for (LeaseProtocol v : Implementations.variants()) {
            declared.put(v.name(), NOT_CAUGHT_IN_REAL_TIME.contains(v.name()) ? EnumSet.of(Check.LEASES)
                    : EnumSet.of(Check.LEASES, Check.REAL_TIME));
        }
        for (LeaseProtocol v : Implementations.faultVariants()) {
            // an asynchronous commit shows only in a crash; every other fault variant in lost answers, lease or job ones
            declared.put(v.name(), v.name().equals(FaultVariants.ASYNC_COMMIT) ? EnumSet.of(Check.LEASE_CRASH, Check.JOB_CRASH)
                    : EnumSet.of(Check.LEASE_FAULTS, Check.JOB_FAULTS));
        }
        for (LeaseProtocol v : Implementations.jobVariants()) {
            declared.put(v.name(), EnumSet.of(Check.JOBS));
        }
        for (LeaseProtocol v : Implementations.realTimeVariants()) {
            declared.put(v.name(), EnumSet.of(Check.REAL_TIME));
        }
        for (LeaseProtocol v : Implementations.replicaVariants()) {
            // reads on the standby are stale only on a replicated database, whose standby's replay the property holds
            declared.put(v.name(), EnumSet.of(Check.FAILOVER));
        }
        FOUND_EXHAUSTIVELY.forEach(name -> declared.get(name).add(Check.EXHAUSTIVE));
        declared.replaceAll((name, groups) -> Set.copyOf(groups));
        return Map.copyOf(declared);
    }

    /** Every built-in variant's name, for the test that each declares at least one property. */
    static List<String> variants() {
        return List.copyOf(DECLARED.keySet());
    }
}
