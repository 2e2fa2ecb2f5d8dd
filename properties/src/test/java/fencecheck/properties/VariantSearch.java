package fencecheck.properties;

import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The main property, {@link LeaseProtocolProperties#databaseAgreesWithModel},
 * unchanged, with {@link SearchClock} timing its tries: what the benchmark runs
 * against each known-buggy variant. Not part of the test suite (its name
 * matches none of the suite's patterns).
 */
@AddLifecycleHook(SearchClock.class)
class VariantSearch extends LeaseProtocolProperties {
}
