package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.api.Fencecheck;
import fencecheck.api.LeaseProtocol;
import fencecheck.run.Situation;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Skips, with one line saying why, a property of a {@link FencecheckSuite} that its {@link Fencecheck}
 * annotation does not list, and the job properties for an implementation that has no job transaction,
 * outbox or consumer: it is not wrong, it just does not claim that part of the protocol.
 */
public class Selection implements SkipExecutionHook, OnFencecheckProperties {

    static final String PROPERTY = "fencecheck.checks";

    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        if (!(context instanceof PropertyLifecycleContext property)) {
            return SkipResult.doNotSkip();
        }
        Optional<Covers> covers = property.findAnnotation(Covers.class);
        if (covers.isEmpty()) {
            return SkipResult.doNotSkip();
        }
        Check group = covers.get().value();
        Fencecheck selected = property.containerClass().getAnnotation(Fencecheck.class);
        if (selected != null && Arrays.stream(selected.checks()).noneMatch(g -> g == group)) {
            return SkipResult.skip(group + " is not among the checks @" + Fencecheck.class.getSimpleName() + " names");
        }
        Optional<Set<Check>> narrowed;
        try {
            narrowed = fromCommandLine();
        } catch (IllegalArgumentException e) {
            // the property fails with the one line the settings check gives
            return SkipResult.doNotSkip();
        }
        if (narrowed.isPresent() && !narrowed.get().contains(group)) {
            return SkipResult.skip(group + " is not among -D" + PROPERTY);
        }
        if (!isJobGroup(group) || Configuration.problem(property.containerClass()).isPresent()) {
            return SkipResult.doNotSkip();
        }
        LeaseProtocol protocol;
        try {
            protocol = Harnesses.implementationUnderTest(property.containerClass());
        } catch (RuntimeException e) {
            return SkipResult.doNotSkip();
        }
        if (protocol.hasJobTransaction()) {
            return SkipResult.doNotSkip();
        }
        String reason = protocol.name() + " has no job transaction, outbox or consumer (" + LeaseProtocol.class.getSimpleName()
                + ".jobClient is not implemented, or a SQL pack has no job/ files): the job properties do not apply to it";
        System.out.println("fencecheck: " + context.label() + " skipped: " + reason);
        return SkipResult.skip(reason);
    }

    /**
     * {@code -Dfencecheck.checks=LEASES,LEASE_FAULTS}: only these run, of those the annotation names.
     *
     * @throws IllegalArgumentException in one line naming the groups, for a name that is none of them
     */
    static Optional<Set<Check>> fromCommandLine() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Set<Check> groups = EnumSet.noneOf(Check.class);
        for (String name : value.split(",")) {
            try {
                groups.add(Check.valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PROPERTY + "=" + value + ": " + name.strip() + " is not a group of checks; use "
                        + Arrays.toString(Check.values()).replaceAll("[\\[\\] ]", ""), e);
            }
        }
        return Optional.of(groups);
    }

    private static boolean isJobGroup(Check group) {
        return group == Check.JOBS || group == Check.JOB_FAULTS || group == Check.JOB_CRASH;
    }
}
