package com.example.camel;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.TestDatabase;
import fencecheck.kit.LeaseTime;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an instance whose lock was taken over can still do to it, shown on the database: Camel's row names the route,
 * never the instance, so the old holder's keep-alive refreshes the new holder's lock, and its remove deletes it, after
 * which a third instance is granted the message while the second still holds it. The real-time property reports the
 * first of these it meets (verify.groovy); these show each in every build.
 */
class TakeoverTest {

    private static final long TTL_MICROS = 50_000;

    private final CamelLeases leases = new CamelLeases();
    private final UUID first = UUID.randomUUID();
    private final UUID second = UUID.randomUUID();

    @BeforeEach
    void emptyTables() throws SQLException {
        try (Connection c = TestDatabase.connect()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
        }
    }

    @Test
    void theOldHoldersKeepAliveRenewsTheNewHoldersLock() throws Exception {
        try (Connection c = TestDatabase.connect(); LeaseClient client = leases.client(c)) {
            Outcome.Granted old = takenOver(c, client);
            assertThat(client.renew("K1", first, old.token(), TTL_MICROS)).as("the old holder's keep-alive after the takeover")
                    .isInstanceOf(Outcome.Renewed.class);
        }
    }

    @Test
    void theOldHoldersRemoveEndsTheNewHoldersLockAndAThirdIsGrantedIt() throws Exception {
        try (Connection c = TestDatabase.connect(); LeaseClient client = leases.client(c)) {
            Outcome.Granted old = takenOver(c, client);
            assertThat(client.release("K1", first, old.token())).as("the old holder's remove after the takeover")
                    .isEqualTo(new Outcome.Released());
            Outcome third = client.acquire("K1", UUID.randomUUID(), TTL_MICROS);
            assertThat(third).as("a third instance, while the second holds the lock").isInstanceOfSatisfying(Outcome.Granted.class,
                    g -> assertThat(g.token()).isEqualTo(3));
        }
    }

    /** The first instance's lock, run out and taken over by the second; the first's grant. */
    private Outcome.Granted takenOver(Connection c, LeaseClient client) throws Exception {
        Outcome.Granted old = (Outcome.Granted) client.acquire("K1", first, TTL_MICROS);
        while (now(c) <= old.until() + 1_000) {
            Thread.sleep(10); // bounded by the lease: its length after the grant, and a millisecond more (Camel's unit)
        }
        assertThat(client.acquire("K1", second, TTL_MICROS)).as("the takeover")
                .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(old.token() + 1));
        return old;
    }

    private static long now(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select clock_timestamp()")) {
            rs.next();
            return LeaseTime.micros(rs.getObject(1, OffsetDateTime.class));
        }
    }
}
