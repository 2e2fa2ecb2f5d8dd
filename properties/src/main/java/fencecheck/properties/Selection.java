package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
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
        Situation.Group group = covers.get().value();
        Fencecheck selected = property.containerClass().getAnnotation(Fencecheck.class);
        if (selected != null && Arrays.stream(selected.checks()).noneMatch(g -> g == group)) {
            return SkipResult.skip(group + " is not among the checks @" + Fencecheck.class.getSimpleName() + " names");
        }
        Optional<Set<Situation.Group>> narrowed;
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
    static Optional<Set<Situation.Group>> fromCommandLine() {
        String value = System.getProperty(PROPERTY);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        Set<Situation.Group> groups = EnumSet.noneOf(Situation.Group.class);
        for (String name : value.split(",")) {
            try {
                groups.add(Situation.Group.valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(PROPERTY + "=" + value + ": " + name.strip() + " is not a group of checks; use "
                        + Arrays.toString(Situation.Group.values()).replaceAll("[\\[\\] ]", ""), e);
            }
        }
        return Optional.of(groups);
    }

    private static boolean isJobGroup(Situation.Group group) {
        return group == Situation.Group.JOBS || group == Situation.Group.JOB_FAULTS || group == Situation.Group.JOB_CRASH;
    }
}
