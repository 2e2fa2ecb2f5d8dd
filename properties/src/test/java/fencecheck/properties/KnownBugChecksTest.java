package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.LeaseProtocol;
import fencecheck.protocol.Implementations;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every built-in known-buggy variant declares the properties that catch it; nothing else is a known bug. */
class KnownBugChecksTest {

    @Test
    void everyBuiltInVariantDeclaresAtLeastOneProperty() {
        Stream.of(Implementations.variants(), Implementations.faultVariants(), Implementations.jobVariants(),
                        Implementations.realTimeVariants(), Implementations.replicaVariants()).flatMap(List::stream).map(LeaseProtocol::name)
                .forEach(name -> assertThat(KnownBugChecks.declaredFor(name)).as(name).isNotEmpty());
    }

    @Test
    void aVariantIsAKnownBugOnlyForThePropertiesItDeclares() {
        assertThat(KnownBugChecks.declares(Check.LEASES, "sink-ignores-token")).isTrue();
        assertThat(KnownBugChecks.declares(Check.LEASE_CRASH, "sink-ignores-token")).isFalse();
        assertThat(KnownBugChecks.declares(Check.LEASE_CRASH, "async-commit")).isTrue();
        assertThat(KnownBugChecks.declares(Check.JOBS, "check-then-write")).isTrue();
        assertThat(KnownBugChecks.declares(Check.FAILOVER, "fence-read-on-standby")).isTrue();
        assertThat(KnownBugChecks.declares(Check.LEASES, "fence-read-on-standby")).isFalse();
    }

    @Test
    void aUsersPackOrTheReferenceIsNeverAKnownBug() {
        for (Check group : Check.values()) {
            assertThat(KnownBugChecks.declares(group, "sql:classpath:/example-pack-renew-after-expiry")).isFalse();
            assertThat(KnownBugChecks.declares(group, "reference")).isFalse();
        }
    }
}
