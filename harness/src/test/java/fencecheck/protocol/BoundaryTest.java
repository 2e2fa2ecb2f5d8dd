package fencecheck.protocol;

import fencecheck.api.Outcome;
import fencecheck.api.Outcome.Busy;
import fencecheck.api.Outcome.Granted;
import fencecheck.api.Outcome.RenewRejected;
import fencecheck.api.Outcome.Renewed;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.SQLException;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Renew and acquire one microsecond before, at, and after the expiry instant, for both conventions. */
class BoundaryTest {

    private static final long TTL = 10_000_000L;

    @ParameterizedTest(name = "{0} at until{1}: renew {2}, another owner's acquire {3}, the holder's acquire {4}")
    @CsvSource({
            "reference,           -1, renewed,  busy,    regranted",
            "reference,            0, renewed,  busy,    regranted",
            "reference,           +1, rejected, granted, granted",
            "reference-exclusive, -1, renewed,  busy,    regranted",
            "reference-exclusive,  0, rejected, granted, granted",
            "reference-exclusive, +1, rejected, granted, granted",
    })
    void atTheBoundary(String implementation, long offset, String renew, String otherAcquire, String ownAcquire) throws SQLException {
        long at = TTL + offset;

        try (Lockstep run = new Lockstep(Implementations.select(implementation))) {
            UUID holder = run.owner("holder");
            run.acquire("job", holder, TTL);
            run.clockTo(at);
            Outcome renewed = run.renew("job", holder, 1, TTL);
            assertThat(renewed).isEqualTo(renew.equals("renewed") ? new Renewed(at + TTL) : new RenewRejected());
            assertThat(run.divergences()).isEmpty();
        }

        try (Lockstep run = new Lockstep(Implementations.select(implementation))) {
            UUID holder = run.owner("holder");
            run.acquire("job", holder, TTL);
            run.clockTo(at);
            Outcome other = run.acquire("job", run.owner("other"), TTL);
            assertThat(other).isEqualTo(otherAcquire.equals("busy") ? new Busy() : new Granted(2, at + TTL));
            assertThat(run.divergences()).isEmpty();
        }

        try (Lockstep run = new Lockstep(Implementations.select(implementation))) {
            UUID holder = run.owner("holder");
            run.acquire("job", holder, TTL);
            run.clockTo(at);
            Outcome again = run.acquire("job", holder, TTL);
            assertThat(again).isEqualTo(ownAcquire.equals("regranted") ? new Granted(1, TTL) : new Granted(2, at + TTL));
            assertThat(run.divergences()).isEmpty();
        }
    }
}
