package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.LeaseProtocol;
import fencecheck.db.Databases;
import fencecheck.db.replica.Replication;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides, before a property's first try, what the settings already say about it. A setting error
 * ({@link Configuration}) fails the first property it stops, with its one line, and skips every later one without a
 * word: one failure for one mistake. A database-crash property on a database fencecheck did not start (one given by
 * URL, or a container) cannot crash it, so it is refused with one line saying why and what to do, skipped, and
 * recorded as not applicable ({@link ResultCollector#recordNotApplicable}), which the verdict shows; so is the
 * failover property on any database but a replicated pair.
 */
public class Preflight implements SkipExecutionHook, OnFencecheckProperties {

    private static final Set<Check> CRASH_GROUPS = EnumSet.of(Check.LEASE_CRASH, Check.JOB_CRASH);

    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        if (!(context instanceof PropertyLifecycleContext property)) {
            return SkipResult.doNotSkip();
        }
        Optional<Covers> covers = property.findAnnotation(Covers.class);
        Set<Check> checks = checksOf(property.containerClass());
        if (covers.isEmpty() || !checks.contains(covers.get().value())) {
            // not asked for: {@link Selection} says so
            return SkipResult.doNotSkip();
        }
        String name = property.containerClass().getSimpleName() + "." + property.targetMethod().getName();
        Optional<String> problem = Configuration.problem(property.containerClass());
        if (problem.isPresent()) {
            if (Configuration.firstToReport(problem.get(), name)) {
                // this one fails, with the problem's line ({@link FailureReport})
                return SkipResult.doNotSkip();
            }
            return SkipResult.skip("not run: the setting error " + Configuration.reportedBy(problem.get()).orElse("")
                    + " failed with stops it too");
        }
        Check group = covers.get().value();
        if (group == Check.JOB_CRASH && !hasJobTransaction(property.containerClass())) {
            // not a crash question: the job properties do not apply ({@link Selection})
            return SkipResult.doNotSkip();
        }
        String kind = Databases.configuredKind();
        Optional<String> refusal = crashRefusal(group, kind, checks).or(() -> failoverRefusal(group, kind, checks));
        if (refusal.isEmpty()) {
            return SkipResult.doNotSkip();
        }
        System.out.println("fencecheck: " + property.targetMethod().getName() + " not run: " + refusal.get());
        ResultCollector.recordNotApplicable(property, refusal.get());
        return SkipResult.skip(refusal.get());
    }

    /**
     * Why a property of {@code group} cannot run on a database of {@code kind}, in one line that says what to do;
     * empty when it can. Only the embedded server, which fencecheck starts and owns, can be crashed and restarted.
     *
     * @param checks the groups the run asks for, to name the ones left without the crash checks
     */
    static Optional<String> crashRefusal(Check group, String kind, Set<Check> checks) {
        if (!CRASH_GROUPS.contains(group) || kind.equals("embedded")) {
            return Optional.empty();
        }
        String others = checks.stream().filter(g -> !CRASH_GROUPS.contains(g)).map(Check::name).collect(Collectors.joining(","));
        String unset = kind.equals("url") ? Databases.KIND_PROPERTY + " and " + Databases.URL_PROPERTY : Databases.KIND_PROPERTY;
        return Optional.of("crashes need the embedded server fencecheck starts, not the " + kind + " database; unset " + unset
                + (others.isEmpty() ? "" : ", or leave crashes out: -D" + Selection.PROPERTY + "=" + others));
    }

    /**
     * Why the failover property cannot run on a database of {@code kind}, in one line that says what to do; empty
     * when it can. Only a replicated pair fencecheck starts has a standby it can promote.
     */
    static Optional<String> failoverRefusal(Check group, String kind, Set<Check> checks) {
        if (group != Check.FAILOVER || kind.equals("replicated")) {
            return Optional.empty();
        }
        String others = checks.stream().filter(g -> g != Check.FAILOVER).map(Check::name).collect(Collectors.joining(","));
        return Optional.of("failovers need a replicated database, not the " + kind + " database; run with -D"
                + Databases.KIND_PROPERTY + "=replicated -D" + Replication.PROPERTY + "=async|remote_write|on|remote_apply"
                + (others.isEmpty() ? "" : ", or leave failovers out: -D" + Selection.PROPERTY + "=" + others));
    }

    /** The groups the run asks of {@code container}: its annotation's, narrowed by {@code -Dfencecheck.checks}. */
    static Set<Check> checksOf(Class<?> container) {
        Fencecheck named = container.getAnnotation(Fencecheck.class);
        Set<Check> checks = EnumSet.noneOf(Check.class);
        checks.addAll(Arrays.asList(named != null ? named.checks() : Check.values()));
        try {
            Selection.fromCommandLine().ifPresent(checks::retainAll);
        } catch (IllegalArgumentException e) {
            // a setting error of its own, which the settings check reports
        }
        return checks;
    }

    private static boolean hasJobTransaction(Class<?> container) {
        try {
            LeaseProtocol protocol = Harnesses.implementationUnderTest(container);
            return protocol.hasJobTransaction();
        } catch (RuntimeException e) {
            return true;
        }
    }
}
