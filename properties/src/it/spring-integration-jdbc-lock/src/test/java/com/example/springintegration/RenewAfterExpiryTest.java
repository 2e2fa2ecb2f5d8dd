package com.example.springintegration;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.TestDatabase;
import fencecheck.kit.LeaseTime;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Integration's renew after its lease ran out, with nobody else asking for the lock: the repository's renew
 * matches the client id alone, so it revives the lease. fencecheck's model refuses such a renew (the reference's
 * answer) and admits Spring's as a conformance note, since nobody was granted the lock in between; the real-time
 * property reports it as that note whenever its tries meet it (verify.groovy).
 */
class RenewAfterExpiryTest {

    private static final long TTL_MICROS = 50_000;

    @Test
    void aRenewAfterTheLeaseRanOutRevivesIt() throws Exception {
        SpringIntegrationLeases leases = new SpringIntegrationLeases();
        UUID owner = UUID.randomUUID();
        try (Connection c = TestDatabase.connect()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
            try (LeaseClient client = leases.client(c)) {
                Outcome.Granted granted = (Outcome.Granted) client.acquire("K1", owner, TTL_MICROS);
                while (now(c) <= granted.until() + TTL_MICROS) {
                    Thread.sleep(10); // bounded by the lease: twice its length after the grant
                }
                long renewedAt = now(c);
                Outcome renewed = client.renew("K1", owner, granted.token(), TTL_MICROS);
                assertThat(renewed).as("the renew of a lease that ran out at %d, sent at %d", granted.until(), renewedAt)
                        .isInstanceOfSatisfying(Outcome.Renewed.class, r -> assertThat(r.until()).isGreaterThan(renewedAt));
            }
        }
    }

    private static long now(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            return LeaseTime.micros(rs.getObject(1, OffsetDateTime.class));
        }
    }
}
