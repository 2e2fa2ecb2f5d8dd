package fencecheck.properties;

import net.jqwik.api.lifecycle.FalsifiedSample;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.ShrunkFalsifiedSample;

import java.util.List;
import java.util.Optional;

/** The result of a property that was not run at all, because of {@code why}: no try, no sample, nothing to shrink. */
record NotRun(Status status, Throwable why) implements PropertyExecutionResult {

    static NotRun failed(Throwable why) {
        return new NotRun(Status.FAILED, why);
    }

    @Override
    public Optional<String> seed() {
        return Optional.empty();
    }

    @Override
    public Optional<List<Object>> falsifiedParameters() {
        return Optional.empty();
    }

    @Override
    public Optional<Throwable> throwable() {
        return Optional.ofNullable(why);
    }

    @Override
    public int countChecks() {
        return 0;
    }

    @Override
    public int countTries() {
        return 0;
    }

    @Override
    public Optional<FalsifiedSample> originalSample() {
        return Optional.empty();
    }

    @Override
    public Optional<ShrunkFalsifiedSample> shrunkSample() {
        return Optional.empty();
    }

    @Override
    public PropertyExecutionResult mapTo(Status newStatus, Throwable throwable) {
        return new NotRun(newStatus, throwable);
    }
}
