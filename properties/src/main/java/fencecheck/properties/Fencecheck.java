package fencecheck.properties;

import fencecheck.run.Situation;

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
 * @Fencecheck("sql:classpath:/my-lease-pack")
 * class MyLeasesTest extends FencecheckSuite {
 * }
 * }</pre>
 *
 * <p>{@code -Dfencecheck.implementation=NAME} on the command line wins over the annotation, so a
 * failing seed can be re-run against another implementation without editing the class; so does
 * {@code -Dfencecheck.realtime.ttl} over {@link #realTimeTtl}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Fencecheck {

    /**
     * The implementation: {@code sql:DIR} (a folder, relative to the project's root), {@code sql:classpath:/PATH}
     * (a pack among the test resources), the fully qualified name of a class implementing
     * {@link fencecheck.protocol.LeaseProtocol} with a public no-argument constructor, or a built-in name
     * ({@code reference}, a correct alternative, a known-buggy variant). Empty: {@code -Dfencecheck.implementation},
     * else the reference.
     */
    String value() default "";

    /**
     * The lease lengths the workers of the real-time property ask for, in milliseconds: a range {@code "MIN..MAX"}
     * (each acquire picks one) or one length ({@code "200"}). Empty: {@code -Dfencecheck.realtime.ttl}, else
     * {@code 50..300}. {@code -Dfencecheck.realtime.ttl} on the command line wins over it, as
     * {@code -Dfencecheck.implementation} does over {@link #value}. Longer leases run out less often in a try:
     * lengthen the tries with {@code -Dfencecheck.realtime.millis}.
     */
    String realTimeTtl() default "";

    /**
     * How closely the implementation is held to the reference: {@code "strict"} (any answer or row the reference
     * would not give fails) or {@code "safety"} (only what no correct lease service may do fails: a broken
     * invariant, a grant while another owner holds a valid lease, a token not above every earlier one, a write
     * accepted under a superseded or forged token, an acknowledged write lost; other differences are notes).
     * Empty: what the implementation claims ({@code conformance} in a pack's {@code fencecheck.properties}, or its
     * {@code modelConfig()}), else strict for built-in implementations and packs that extend one, safety for every
     * other. {@code -Dfencecheck.conformance} on the command line wins over it.
     */
    String conformance() default "";

    /**
     * The properties to run, one per group of situations they cover; all by default. The job groups are skipped,
     * with one line saying why, for an implementation without the job transaction; the failover group is not
     * applicable (one line) on any database but {@code -Dfencecheck.db=replicated}.
     */
    Situation.Group[] checks() default {
            Situation.Group.LEASES, Situation.Group.LEASE_FAULTS, Situation.Group.LEASE_CRASH,
            Situation.Group.JOBS, Situation.Group.JOB_FAULTS, Situation.Group.JOB_CRASH, Situation.Group.REAL_TIME,
            Situation.Group.FAILOVER};
}
