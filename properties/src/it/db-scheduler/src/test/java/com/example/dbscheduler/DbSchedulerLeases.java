package com.example.dbscheduler;

import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.TaskResolver;
import com.github.kagkarlsson.scheduler.event.SchedulerListeners;
import com.github.kagkarlsson.scheduler.exceptions.ExecutionException;
import com.github.kagkarlsson.scheduler.jdbc.JdbcTaskRepository;
import com.github.kagkarlsson.scheduler.jdbc.PostgreSqlJdbcCustomization;
import com.github.kagkarlsson.scheduler.task.Execution;
import com.github.kagkarlsson.scheduler.task.ExecutionComplete;
import com.github.kagkarlsson.scheduler.task.ExecutionOperations;
import com.github.kagkarlsson.scheduler.task.SchedulableInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import fencecheck.api.Boundary;
import fencecheck.api.Outcome;
import fencecheck.api.ReleaseEncoding;
import fencecheck.kit.FenceSource;
import fencecheck.kit.KitLeaseProtocol;
import fencecheck.kit.LeaseTime;
import fencecheck.kit.LockCalls;
import fencecheck.kit.LockTable;
import fencecheck.kit.SessionDataSource;

import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * db-scheduler's {@link JdbcTaskRepository} on fencecheck's fencing kit, one call at a time in its scheduler's order:
 * acquire is the dead-execution check (the task's handler revives a dead execution), the fetch of due executions and
 * the optimistic pick; renew is updateHeartbeat; release completes the execution, rescheduled to run again at once.
 * Each execution is a scheduler named by its owner id; its dead limit is the lease length. The kit's trigger fences
 * every change of version that leaves the row picked: db-scheduler's pick, and nothing else of its.
 */
public class DbSchedulerLeases extends KitLeaseProtocol {
    private static final OneTimeTask<Void> TASK = Tasks.oneTime("fencecheck-job").execute((instance, context) -> { });

    /** db-scheduler's SQL: dead once last_heartbeat <= now - limit; a picked execution is not due; completion unpicks. */
    public DbSchedulerLeases() {
        this(new Schedulers());
    }

    private DbSchedulerLeases(Schedulers schedulers) {
        super(KitLeaseProtocol.builder()
                .semantics(c -> c.withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false)
                        .withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED))
                .schemaResource("/db-scheduler-schema.sql")
                .lockTable(new LockTable("scheduled_tasks", "task_instance", "picked_by", "last_heartbeat")
                        .newLeaseWhenChanged("version").heldWhile("picked"))
                .untilIsLastRenewal()
                .fence(FenceSource.TRIGGER)
                .useClock(run -> schedulers.clock = run)
                .calls(connection -> new Calls(schedulers, connection)));
    }

    /** This instance's clock (not static: a real-time run has its own), and each scheduler's picked executions by key. */
    private static final class Schedulers {
        final Map<String, Execution> running = new ConcurrentHashMap<>();
        volatile Clock clock = Clock.systemUTC();

        Instant now() {
            return clock.instant().truncatedTo(ChronoUnit.MICROS); // PostgreSQL keeps microseconds
        }
    }

    private record Calls(Schedulers schedulers, Connection connection) implements LockCalls {

        /** The scheduler of {@code owner} on this session; db-scheduler commits nothing itself (autocommit is on). */
        private JdbcTaskRepository scheduler(UUID owner) {
            return new JdbcTaskRepository(new SessionDataSource(connection), false, new PostgreSqlJdbcCustomization(false, false),
                    JdbcTaskRepository.DEFAULT_TABLE_NAME, new TaskResolver(SchedulerListeners.NOOP, schedulers::now, List.of(TASK)),
                    new SchedulerName.Fixed(owner.toString()), false, schedulers::now);
        }

        @Override
        public Outcome acquire(String key, UUID owner, long ttlMicros) {
            JdbcTaskRepository scheduler = scheduler(owner);
            Instant now = schedulers.now();
            scheduler.createIfNotExists(SchedulableInstance.of(TASK.instance(key), now)); // scheduled once, due at once
            for (Execution dead : scheduler.getDeadExecutions(now.minus(ttlMicros, ChronoUnit.MICROS))) {
                if (dead.taskInstance.getId().equals(key)) {
                    TASK.getDeadExecutionHandler().deadExecution(ExecutionComplete.failure(dead, now, now, null),
                            new ExecutionOperations<>(scheduler, SchedulerListeners.NOOP, dead));
                }
            }
            Optional<Execution> picked = scheduler.getDue(schedulers.now(), 10).stream()
                    .filter(due -> due.taskInstance.getId().equals(key)).findFirst()
                    .flatMap(due -> scheduler.pick(due, schedulers.now()));
            picked.ifPresent(execution -> schedulers.running.put(owner + key, execution));
            return picked.<Outcome>map(e -> new Outcome.Granted(0, LeaseTime.micros(e.lastHeartbeat) + ttlMicros))
                    .orElseGet(Outcome.Busy::new);
        }

        @Override
        public Outcome renew(String key, UUID owner, long token, long ttlMicros) {
            Execution held = schedulers.running.get(owner + key);
            Instant now = schedulers.now();
            if (held == null || !scheduler(owner).updateHeartbeat(held, now)) {
                schedulers.running.remove(owner + key);
                return new Outcome.RenewRejected();
            }
            return new Outcome.Renewed(LeaseTime.micros(now) + ttlMicros);
        }

        @Override
        public Outcome release(String key, UUID owner, long token) {
            Execution held = schedulers.running.get(owner + key);
            if (held == null) {
                return new Outcome.ReleaseRejected();
            }
            Instant now = schedulers.now();
            Outcome answer;
            try {
                new ExecutionOperations<Void>(scheduler(owner), SchedulerListeners.NOOP, held)
                        .reschedule(ExecutionComplete.success(held, now, now), now);
                answer = new Outcome.Released();
            } catch (ExecutionException versionMovedOn) {
                answer = new Outcome.ReleaseRejected();
            }
            schedulers.running.remove(owner + key); // kept after a fault on the way: the completion may not have run
            return answer;
        }
    }
}
