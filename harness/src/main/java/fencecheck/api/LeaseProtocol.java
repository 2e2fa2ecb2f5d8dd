package fencecheck.api;

import fencecheck.protocol.JobClient;
import org.apiguardian.api.API;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.UUID;

/**
 * An implementation of the lease / fence / sink protocol on PostgreSQL: the
 * reference, a known-buggy variant, a user's SQL pack ({@code sql:DIR}, run by
 * fencecheck's own implementation of this interface) or a user's own class (selected by its fully
 * qualified name; it needs a public no-argument constructor). This is the
 * contract such a class keeps with the lock-step runner ({@code fencecheck.run.TraceRunner})
 * and the real-time run ({@code fencecheck.realtime.RealTimeRun}).
 *
 * <h2>Lifecycle</h2>
 * <ol>
 * <li>Instances: in lock step, each runner is made with an instance and keeps it for
 *     every try it runs (one runner per implementation, and one more for the
 *     properties whose sessions go through fault proxies). In real time, every try
 *     gets an instance of its own, made for it ({@code Implementations.select}),
 *     so one instance never sees two real-time tries, nor a lock-step try. What an
 *     instance keeps in static fields outlives it: it is the class's business.
 *     {@link #name}, {@link #description} and {@link #modelConfig} are read at once
 *     and must not change afterwards.</li>
 * <li>{@link #useClock}: before every try of every property, whatever ran before it:
 *     in lock step with the virtual clock, after the tables are emptied and before
 *     {@link #restartCoordinator}; in real time with {@link Clock#systemUTC()}, before
 *     any worker starts. A class that keeps the clock in a static field therefore
 *     holds the clock of the try that runs, in any order of properties. A
 *     library that reads the JVM's clock itself ({@code System.currentTimeMillis()})
 *     cannot be given the virtual clock: its first grant in lock step answers a
 *     lease end the virtual clock cannot have given, and the property stops with
 *     one line saying that it reads a clock fencecheck does not control.</li>
 * <li>{@link #installSchema} runs once per database server and JVM, before the
 *     first try, on a connection of its own whose search path is
 *     {@code public, fencecheck_clock, pg_catalog}. It must be idempotent
 *     ({@code create ... if not exists}): another JVM may have installed it on
 *     the same server already. Tables of every implementation a JVM runs share
 *     the {@code public} schema, so they need names of their own.</li>
 * <li>Before every try: {@link #deleteAllRows} (or, for an implementation whose reset
 *     is plain SQL, {@code DeletesWithSql} as the fencing kit's is, that SQL sent with the
 *     clock's reset), then, in lock step, {@link #restartCoordinator}: each try starts
 *     from empty tables, clock zero and a fresh coordinator (in real time, a fresh
 *     instance).</li>
 * <li>{@link #client} is called once per session when it connects (each worker
 *     incarnation, the outbox relay, the consumer, and an observer that only
 *     calls {@code inspect}), and {@link #jobClient} on the same connection when
 *     {@link #hasJobTransaction}. Both are closed when the session closes: a
 *     worker's restart, a session a failed try left busy, a database crash, the
 *     end of the run. The connection is fencecheck's: in lock step its search
 *     path is {@code public, fencecheck_clock, pg_catalog} (a table created
 *     unqualified lands in {@code public}; the clock's functions come before
 *     PostgreSQL's), its time keywords are rewritten to the virtual clock, and
 *     it may go through a fault proxy; in real time its search path is
 *     {@code public}. A client sends every statement
 *     on it, and on nothing else, or the runner's transactions, waits and
 *     network faults do not apply to what it does.</li>
 * <li>{@link #newOwner} once per worker incarnation; {@link #restartCoordinator}
 *     at every coordinator restart step; {@link #retryResultId} when a worker
 *     retries a write whose answer was lost.</li>
 * </ol>
 *
 * <h2>Calls, statements and commits</h2>
 * A call of a {@link LeaseClient} or {@code JobClient} method is a step the
 * runner interleaves around: it runs on a thread of its own, and the runner
 * starts the next step only when the call returned, the database shows it
 * waiting for a lock another session of the try holds, or it stopped at a
 * point between two of its statements. Such a point is
 * {@code fencecheck.protocol.pack.BetweenStatements.point}: a SQL pack's file
 * of several statements passes it after each but the last, and a trace's
 * {@code split} step stops the worker's next call there, runs other actors'
 * steps, and lets the call go on at the worker's next step (so an
 * implementation that checks in one statement and writes in the next on what
 * it read is caught). Between the points of a call, and in a call that passes
 * none, no other session's step runs (a statement of another session that was
 * already waiting may go on when one of them frees a lock).
 * {@link #stopsBetweenStatements} says whether the implementation has such
 * points, so the properties know whether to expect them.
 * Outside a job transaction the connection is in autocommit: every statement
 * commits on its own, and two statements of one call are two transactions,
 * unless the call opens a transaction of its own (autocommit off, its
 * statements, commit, autocommit on again, as lock libraries do), which it
 * must end before it returns. A network fault may hit any statement of a
 * call, its own COMMIT included: the call's effect is then unknown, and what
 * the rows of its key show afterwards must be either nothing of it or all of
 * it. Between {@code JobClient.begin} and
 * {@code JobClient.commit} or {@code JobClient.rollback} autocommit is off and
 * every call on the session, lease operations and writes included, runs in
 * that one transaction, which only those three methods end. (For an
 * implementation without a job client the runner begins, commits and rolls
 * back with plain JDBC on the session's connection.)
 *
 * <h2>Answers and exceptions</h2>
 * A call answers in the model's words ({@link Outcome},
 * {@code fencecheck.job.JobOutcome}); zero affected rows is never a success.
 * An exception thrown by a call, an {@link SQLException} above all, is that
 * step's answer: the runner records its first line, and since the model never
 * predicts an error, it is a divergence. It is never retried: a worker sends a
 * statement again only at a {@code retry} step after a lost answer. The one
 * exception is SQLSTATE {@code 40P01} (deadlock detected): the database rolled
 * the session's transaction back, and the model rolls it back too. A call that
 * neither answers nor waits for another session of the try within 10 s ends
 * the try with a verdict.
 * In real time, an exception is an unknown answer (its effect is settled by what
 * is observed later), and so is an answer the call gave on a connection
 * fencecheck broke under it (a lost request or answer, an answer slower than the
 * network timeout; pgjdbc closes the connection then): an implementation that
 * catches the error and answers {@code Busy} has not heard from the database.
 * The worker then gives the session up and opens a new one.
 *
 * <h2>Threads</h2>
 * In lock step one try runs at a time in a JVM, and the runner calls this
 * interface's methods ({@link #client} and {@link #jobClient} included) on
 * the thread that runs the try. A call of a client runs on one of
 * fencecheck's statement threads or, when no other session of the try has a
 * transaction open or a statement running, on the try's thread itself, so
 * one session's calls may come on different threads, one after another; a
 * call of another session runs only while the running one waits for a lock
 * or stopped between statements. In
 * real time every worker incarnation is a thread of its own that opens its
 * sessions and makes every call on them, so several workers' calls run at
 * once; {@link #newOwner} is called on the thread that starts an incarnation
 * (the try's, for the first ones; the nemesis's, for a restart) while other
 * workers' calls run. So the instance, and whatever its clients share
 * through it or through static fields, must be safe for use from several
 * threads; a client is used by one thread at a time (see
 * {@link LeaseClient}).
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LeaseProtocol {

    /**
     * The name users select it by ({@code -Dfencecheck.implementation=NAME}), e.g.
     * {@code reference}, {@code renew-ignores-token}, {@code sql:packs/mine} or a class's
     * fully qualified name. Every trace, result file and printed replay command records
     * it, and a replay selects the implementation by it again, so
     * {@code Implementations.select(name())} must give this implementation back. It also
     * keys the runner's install of the schema and the jqwik failure database.
     *
     * @return the name it is selected by, the same at every call
     */
    String name();

    /**
     * One sentence: what it does differently and which article rule that breaks (empty for the reference).
     *
     * @return the sentence, or an empty string
     */
    String description();

    /**
     * The semantics this implementation claims, that the model is configured with. Its
     * {@link ModelConfig#conformance()} says how closely it claims to follow the reference
     * (see {@link #conformance}).
     *
     * @return the claimed semantics, the same at every call
     */
    ModelConfig modelConfig();

    /**
     * How closely the implementation is held to the reference: what {@link #modelConfig} claims, else
     * {@link Conformance#SAFETY} (only what no correct lease service may do fails; other differences from the
     * reference are notes). Built-in implementations and packs that extend a built-in pack claim
     * {@link Conformance#STRICT}.
     *
     * @return the level the implementation is held to, unless the suite or the command line names another
     */
    default Conformance conformance() {
        return modelConfig().conformanceOr(Conformance.SAFETY);
    }

    /**
     * The owner id of a new execution of a job by {@code worker} (its role, e.g. {@code w1}),
     * asked once per incarnation: fresh every time in the reference. An owner names one execution, so a restarted
     * worker is a new owner.
     *
     * @param worker the worker's role, without the incarnation's suffix ({@code w1} for {@code w1.2})
     * @return the owner id its calls will name
     */
    UUID newOwner(String worker);

    /**
     * Creates the tables this implementation needs; idempotent, once per database
     * (see the lifecycle above). A failure stops the run with its message's first line.
     *
     * @param connection a connection of its own, in autocommit, whose search path is
     *                   {@code public, fencecheck_clock, pg_catalog}; fencecheck closes it
     * @throws SQLException when the schema cannot be installed: the run stops
     */
    void installSchema(Connection connection) throws SQLException;

    /**
     * Deletes every row this implementation stores, in one round trip; before every try.
     *
     * @param connection a session of fencecheck's, in autocommit, that outlives the call: leave it open
     * @throws SQLException when the rows cannot be deleted: the try cannot start
     */
    void deleteAllRows(Connection connection) throws SQLException;

    /**
     * A client bound to one session's connection, for as long as the session lives;
     * it may prepare statements on it, and closes them in {@link LeaseClient#close}
     * (the runner closes the connection itself).
     *
     * @param connection the session's connection, fencecheck's (see the lifecycle above)
     * @return a client whose calls send every statement on {@code connection}
     * @throws SQLException when preparing on the connection fails: the session is not opened
     */
    LeaseClient client(Connection connection) throws SQLException;

    /**
     * The job transaction of article A (claim, business row, outbox row) and
     * the outbox relay and consumer, on the same connection as {@link #client}.
     * An implementation without them is lease-only: the job-transaction
     * properties skip it, and its lease traces' begin, commit and rollback are
     * done by the runner. By default: none.
     *
     * @param connection the session's connection, the one {@link #client} was given
     * @return a job client whose calls send every statement on {@code connection}
     * @throws SQLException when preparing on the connection fails: the session is not opened
     * @throws UnsupportedOperationException by default, for a lease-only implementation
     */
    default JobClient jobClient(Connection connection) throws SQLException {
        throw new UnsupportedOperationException(name() + " has no job transaction, outbox or consumer");
    }

    /**
     * Whether it has the job transaction, the outbox and the consumer
     * ({@link #jobClient}); the job properties skip an implementation without
     * them. By default: whether its class implements {@link #jobClient}.
     *
     * @return whether {@link #jobClient} gives a job client
     */
    default boolean hasJobTransaction() {
        try {
            return getClass().getMethod("jobClient", Connection.class).getDeclaringClass() != LeaseProtocol.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Whether some of its calls pass a point between statements
     * ({@code fencecheck.protocol.pack.BetweenStatements.point}) where a trace may stop them: a SQL pack
     * with a file of several statements does. The lease property then expects another session to run
     * between the statements of one call in some of its tries. By default: no.
     *
     * @return whether some calls stop between statements
     */
    default boolean stopsBetweenStatements() {
        return false;
    }

    /**
     * The result id a worker sends when it retries a write whose answer never
     * came. The reference keeps the original, so the retry is a replay.
     *
     * @param resultId the result id of the write whose answer was lost
     * @return the result id the retry sends; by default {@code resultId} itself
     */
    default String retryResultId(String resultId) {
        return resultId;
    }

    /**
     * The clock to take time from, for an implementation that takes time from
     * Java rather than from the database. Called before every try of every
     * property, in whatever order the properties run. In lock step it is the
     * clock of virtual time, which moves with every clock step exactly as the
     * database's {@code clock_timestamp()}, given again before each try (a
     * real-time run in between gave the real clock); an implementation that
     * reads {@code System.currentTimeMillis()}, {@code Instant.now()} or
     * {@code LocalDateTime.now()} instead escapes the virtual clock, and the
     * property stops at its first grant or renewal with one line saying so. In
     * real time it is {@link Clock#systemUTC()}, given before any worker starts.
     * By default ignored.
     *
     * @param clock the clock to read the current instant from
     */
    default void useClock(Clock clock) {
    }

    /**
     * The coordinator (the application process that hands out leases)
     * restarts: whatever it kept in memory is gone. The reference keeps
     * nothing outside the database, so nothing changes.
     */
    default void restartCoordinator() {
    }
}
