package fencecheck.run;

import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.protocol.FaultVariants;
import fencecheck.protocol.Implementations;
import fencecheck.trace.Action;
import fencecheck.trace.Step;
import fencecheck.trace.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Tries on two databases of one server overlap; on one database, or sharing more than their database, they do not. */
class TryLocksTest {

    private static final Trace ACQUIRE = new Trace(Trace.SCHEMA_VERSION, "reference", Trace.DEFAULT_LEASE_TTL,
            List.of(Step.worker(1, new Action.Acquire("k1"))));

    @Test
    void onlyAPlainSqlPackThatLeavesTheServerUpOverlaps() {
        assertThat(TryLocks.overlaps(Implementations.select("reference"), ACQUIRE)).isTrue();
        assertThat(TryLocks.overlaps(FaultVariants.inMemoryTokenCounter(), ACQUIRE)).isFalse();
        Trace crash = ACQUIRE.withSteps(List.of(ACQUIRE.steps().getFirst(), Step.nemesis(new Action.CrashDatabase())));
        assertThat(TryLocks.overlaps(Implementations.select("reference"), crash)).isFalse();
    }

    @Test
    void aSecondDatabaseHasTablesOfItsOwnAndItsOwnLock() throws Exception {
        Database first = Databases.shared();
        Database second = first.sibling("fencecheck_locks_test");
        assertThat(second.tablesAt()).isNotEqualTo(first.tablesAt());
        assertThat(first.sibling("fencecheck_locks_test")).isSameAs(second);
        try (TryLocks.Held held = TryLocks.onDatabase(first, false)) {
            assertThat(onAnotherThread(second, false, 30)).as("another database's try goes on").isTrue();
            assertThat(onAnotherThread(first, false, 2)).as("a try on the same database waits").isFalse();
        }
        try (TryLocks.Held alone = TryLocks.onDatabase(first, true)) {
            assertThat(onAnotherThread(second, false, 2)).as("nothing overlaps a try that runs alone").isFalse();
        }
    }

    /**
     * Whether another thread gets the locks within {@code seconds} while this one holds its own: generous where it
     * should, a while where it should not (it would get them at once).
     */
    private static boolean onAnotherThread(Database database, boolean alone, int seconds) throws Exception {
        CountDownLatch got = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> {
            try (TryLocks.Held held = TryLocks.onDatabase(database, alone)) {
                got.countDown();
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        boolean acquired = got.await(seconds, TimeUnit.SECONDS);
        release.countDown();
        if (acquired) {
            other.get(30, TimeUnit.SECONDS);
        }
        // else it gets them once the caller lets go, and ends at once
        return acquired;
    }
}
