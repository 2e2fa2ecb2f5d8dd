package fencecheck.properties;

import fencecheck.protocol.LeaseProtocol;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.SkipExecutionHook;

/**
 * Skips the job properties, with one line saying why, for an implementation
 * that has no job transaction, outbox or consumer: it is not wrong, it just
 * does not claim that part of the protocol.
 */
public class JobTransactionRequired implements SkipExecutionHook {

    @Override
    public SkipResult shouldBeSkipped(LifecycleContext context) {
        if (Configuration.problem().isPresent()) {
            return SkipResult.doNotSkip();
        }
        LeaseProtocol protocol;
        try {
            protocol = Harnesses.implementationUnderTest();
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
}
