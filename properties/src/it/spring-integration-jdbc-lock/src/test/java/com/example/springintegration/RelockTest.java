package com.example.springintegration;

import fencecheck.api.LeaseClient;
import fencecheck.api.Outcome;
import fencecheck.api.TestDatabase;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A holder's second lock of its valid lease, as JdbcLockRegistry's reentrant lock takes it: Spring moves the end and
 * the kit keeps the token (so the holder's writes are not fenced out by its own re-lock); one release gives the lease
 * up, and the next holder gets the next token.
 */
class RelockTest {

    private static final long MINUTE_MICROS = 60_000_000L;

    @Test
    void aRelockKeepsTheTokenAndMovesTheEndAndOneReleaseGivesTheLeaseUp() throws Exception {
        SpringIntegrationLeases leases = new SpringIntegrationLeases();
        UUID holder = UUID.randomUUID();
        UUID next = UUID.randomUUID();
        try (Connection c = TestDatabase.connect()) {
            leases.installSchema(c);
            leases.deleteAllRows(c);
            try (LeaseClient client = leases.client(c)) {
                Outcome.Granted first = (Outcome.Granted) client.acquire("K1", holder, MINUTE_MICROS);
                Outcome.Granted relock = (Outcome.Granted) client.acquire("K1", holder, 2 * MINUTE_MICROS);
                assertThat(relock.token()).as("the re-lock's token").isEqualTo(first.token());
                assertThat(relock.until()).as("the re-lock's end").isGreaterThan(first.until());
                assertThat(client.acquire("K1", next, MINUTE_MICROS)).isEqualTo(new Outcome.Busy());

                assertThat(client.release("K1", holder, relock.token())).isEqualTo(new Outcome.Released());
                assertThat(client.acquire("K1", next, MINUTE_MICROS)).as("the lock after one release")
                        .isInstanceOfSatisfying(Outcome.Granted.class, g -> assertThat(g.token()).isEqualTo(first.token() + 1));
            }
        }
    }
}
