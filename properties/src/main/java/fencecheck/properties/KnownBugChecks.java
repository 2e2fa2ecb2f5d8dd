package fencecheck.properties;

import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.protocol.LeaseProtocol;
import fencecheck.protocol.Variants;
import fencecheck.run.Situation.Group;

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

    private static final Map<String, Set<Group>> DECLARED = declared();

    private KnownBugChecks() {
    }

    /** The groups whose property declares it catches the built-in variant of that name; empty for any other name. */
    static Set<Group> declaredFor(String implementation) {
        return DECLARED.getOrDefault(implementation, Set.of());
    }

    /** Whether the property covering {@code group} declares it catches the built-in variant {@code implementation}. */
    static boolean declares(Group group, String implementation) {
        return group != null && declaredFor(implementation).contains(group);
    }

    private static Map<String, Set<Group>> declared() {
        Map<String, Set<Group>> declared = new HashMap<>();
        for (LeaseProtocol v : Implementations.variants()) {
            declared.put(v.name(), NOT_CAUGHT_IN_REAL_TIME.contains(v.name()) ? EnumSet.of(Group.LEASES)
                    : EnumSet.of(Group.LEASES, Group.REAL_TIME));
        }
        for (LeaseProtocol v : Implementations.faultVariants()) {
            // an asynchronous commit shows only in a crash; every other fault variant in lost answers, lease or job ones
            declared.put(v.name(), v.name().equals(FaultVariants.ASYNC_COMMIT) ? EnumSet.of(Group.LEASE_CRASH, Group.JOB_CRASH)
                    : EnumSet.of(Group.LEASE_FAULTS, Group.JOB_FAULTS));
        }
        for (LeaseProtocol v : Implementations.jobVariants()) {
            declared.put(v.name(), EnumSet.of(Group.JOBS));
        }
        for (LeaseProtocol v : Implementations.realTimeVariants()) {
            declared.put(v.name(), EnumSet.of(Group.REAL_TIME));
        }
        for (LeaseProtocol v : Implementations.replicaVariants()) {
            // reads on the standby are stale only on a replicated database, whose standby's replay the property holds
            declared.put(v.name(), EnumSet.of(Group.FAILOVER));
        }
        declared.replaceAll((name, groups) -> Set.copyOf(groups));
        return Map.copyOf(declared);
    }

    /** Every built-in variant's name, for the test that each declares at least one property. */
    static List<String> variants() {
        return List.copyOf(DECLARED.keySet());
    }
}
