package fencecheck.api;

import org.apiguardian.api.API;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the implementation a {@link FencecheckSuite} checks, and which of its properties run.
 *
 * <pre>{@code
 * @Fencecheck(implementation = MyLeases.class, checks = {Check.LEASES, Check.REAL_TIME})
 * class MyLeasesTest extends FencecheckSuite {
 * }
 *
 * @Fencecheck(pack = "classpath:/my-lease-pack")
 * class MyPackTest extends FencecheckSuite {
 * }
 * }</pre>
 *
 * <p>Give at most one of {@link #implementation}, {@link #pack} and {@link #builtIn}; with none, the suite checks
 * the reference. {@code -Dfencecheck.implementation=NAME} on the command line wins over the annotation, so a failing
 * seed can be re-run against another implementation without editing the class; so does
 * {@code -Dfencecheck.realtime.ttl} over {@link #realTimeTtl}, {@code -Dfencecheck.conformance} over
 * {@link #conformance} and {@code -Dfencecheck.checks} (which narrows) over {@link #checks}.
 */
@API(status = API.Status.STABLE, since = "0.1")
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Fencecheck {

    /**
     * A Java implementation: a class implementing {@link LeaseProtocol} (a fencing-kit protocol, {@code
     * fencecheck.kit.KitLeaseProtocol}, is one) with a public no-argument constructor. Left at its default
     * ({@code LeaseProtocol.class}) when the suite names a {@link #pack} or a {@link #builtIn} instead.
     *
     * @return the class fencecheck makes its instances of
     */
    Class<? extends LeaseProtocol> implementation() default LeaseProtocol.class;

    /**
     * A SQL pack, one file per operation: {@code "classpath:/PATH"} for a folder among the test resources, or a
     * folder's path relative to the project's root. Empty when the suite names an {@link #implementation} or a
     * {@link #builtIn}.
     *
     * @return where the pack's files are
     */
    String pack() default "";

    /**
     * One of fencecheck's own implementations by name: {@code reference}, a correct alternative such as
     * {@code reference-exclusive}, or a known-buggy variant such as {@code renew-ignores-token} (the names are in
     * the harness guide). Empty when the suite names an {@link #implementation} or a {@link #pack}.
     *
     * @return the built-in implementation's name
     */
    String builtIn() default "";

    /**
     * The string form of earlier versions: a class name, {@code sql:DIR}, {@code sql:classpath:/PATH} or a built-in
     * name. Still accepted, with one line naming the attribute to use instead.
     *
     * @return the implementation's name in the string form
     * @deprecated name a class with {@link #implementation}, a SQL pack with {@link #pack}, a built-in with
     *     {@link #builtIn}
     */
    @Deprecated(since = "0.1.0", forRemoval = true)
    String value() default "";

    /**
     * The lease lengths the workers of the real-time property ask for, in milliseconds: a range {@code "MIN..MAX"}
     * (each acquire picks one) or one length ({@code "200"}). Empty: {@code -Dfencecheck.realtime.ttl}, else
     * {@code 50..300}. Longer leases run out less often in a try: lengthen the tries with
     * {@code -Dfencecheck.realtime.millis}.
     *
     * @return the lease lengths of the real-time workers
     */
    String realTimeTtl() default "";

    /**
     * How closely the implementation is held to the reference: {@code "strict"} (any answer or row the reference
     * would not give fails) or {@code "safety"} (only what no correct lease service may do fails: a broken
     * invariant, a grant while another owner holds a valid lease, a token not above every earlier one, a write
     * accepted under a superseded or forged token, an acknowledged write lost; other differences are notes).
     * Empty: what the implementation claims ({@code conformance} in a pack's {@code fencecheck.properties}, or its
     * {@link LeaseProtocol#modelConfig()}), else strict for built-in implementations and packs that extend one, safety
     * for every other.
     *
     * @return {@code "strict"}, {@code "safety"} or empty
     */
    String conformance() default "";

    /**
     * The properties to run, one per group of situations; all by default. The job groups are skipped, with one line
     * saying why, for an implementation without the job transaction; {@link Check#FAILOVER} is not applicable (one
     * line) on any database but {@code -Dfencecheck.db=replicated}.
     *
     * @return the groups whose properties run
     */
    Check[] checks() default {
            Check.LEASES, Check.LEASE_FAULTS, Check.LEASE_CRASH, Check.JOBS, Check.JOB_FAULTS, Check.JOB_CRASH,
            Check.REAL_TIME, Check.FAILOVER, Check.EXHAUSTIVE};
}
