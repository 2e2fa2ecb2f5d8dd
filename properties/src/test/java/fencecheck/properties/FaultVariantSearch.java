package fencecheck.properties;

import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The fault properties, {@link FaultProperties}, unchanged, with {@link SearchClock}
 * timing their tries: what the benchmark runs against each variant only faults
 * reveal. Not part of the test suite (its name matches none of the suite's patterns).
 */
@AddLifecycleHook(SearchClock.class)
class FaultVariantSearch extends FaultProperties {
}
