package fencecheck.properties;

import fencecheck.api.Check;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two properties shaped like fencecheck's (they cover a group, so fencecheck's hooks apply to them) that count their
 * tries and touch nothing else, for {@link FencecheckDefaultsTest}. Run only through the engine test kit (the name
 * ends neither in Test nor in Properties, so the build does not run it on its own).
 */
class DefaultsProbe {

    static final AtomicInteger UNNAMED_TRIES = new AtomicInteger();
    static final AtomicInteger NAMED_TRIES = new AtomicInteger();

    /** Names no tries, as {@link FencecheckSuite#databaseAgreesWithModel} does. */
    @Property
    @Covers(Check.LEASES)
    void namesNoTries(@ForAll long any) {
        UNNAMED_TRIES.incrementAndGet();
    }

    /** Names its own, as {@link FencecheckSuite#networkFaultsAndRestarts} does. */
    @Property(tries = 7)
    @Covers(Check.LEASES)
    void namesItsTries(@ForAll long any) {
        NAMED_TRIES.incrementAndGet();
    }
}
