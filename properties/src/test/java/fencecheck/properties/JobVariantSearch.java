package fencecheck.properties;

import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * The interleaved-transactions property, {@link JobTransactionProperties},
 * unchanged, with {@link SearchClock} timing its tries: what the benchmark runs
 * against the reference and each job variant. Not part of the test suite (its
 * name matches none of the suite's patterns).
 */
@AddLifecycleHook(SearchClock.class)
class JobVariantSearch extends JobTransactionProperties {
}
