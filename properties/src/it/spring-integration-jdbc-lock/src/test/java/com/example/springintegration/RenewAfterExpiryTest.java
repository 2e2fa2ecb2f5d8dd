package com.example.springintegration;

import fencecheck.db.Databases;
import fencecheck.db.VirtualClock;
import fencecheck.model.Admissible;
import fencecheck.model.Command;
import fencecheck.model.Judgement;
import fencecheck.model.KeyState;
import fencecheck.model.Lease;
import fencecheck.model.LeaseModel;
import fencecheck.api.Outcome;
import fencecheck.model.ProtocolState;
import fencecheck.api.LeaseClient;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Integration's renew after its lease ran out, with nobody else asking for the lock: the repository's renew
 * matches the client id alone, so it revives the lease. Shown on the database, then judged by fencecheck's model:
 * not the reference's answer (which refuses it), and admissible, as nobody was granted the lock in between.
 */
class RenewAfterExpiryTest {

    private static final long TTL_MICROS = 50_000;

    @Test
    void aRenewAfterTheLeaseRanOutRevivesItAndFencecheckAdmitsItAsNoSafetyFinding() throws Exception {
        SpringIntegrationLeases leases = new SpringIntegrationLeases();
        UUID owner = UUID.randomUUID();
        try (Connection c = Databases.shared().connectRealTime()) {
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

                Lease held = new Lease(owner.toString(), granted.until(), granted.token());
                ProtocolState state = new ProtocolState(renewedAt, new TreeMap<>(Map.of("K1", KeyState.EMPTY.withLease(held))));
                Judgement judged = new Admissible(new LeaseModel(leases.modelConfig()))
                        .judge(state, new Command.Renew("K1", owner.toString(), granted.token(), TTL_MICROS), renewed);
                assertThat(judged.reference()).as("the reference's answer").isEqualTo(new Outcome.RenewRejected());
                assertThat(judged.level()).isEqualTo(Judgement.Level.ADMISSIBLE);
                assertThat(judged.difference()).contains("revives it");
            }
        }
    }

    private static long now(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            return VirtualClock.toMicros(rs.getObject(1, OffsetDateTime.class));
        }
    }
}
