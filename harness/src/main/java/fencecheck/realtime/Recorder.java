package fencecheck.realtime;

import fencecheck.api.Outcome;
import fencecheck.check.RealTimeHistory.Mark;
import fencecheck.check.TimedOperation;
import fencecheck.model.Command;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Collects a run's operations, marks and implementation errors from every thread, on the one time base. */
final class Recorder {

    private final ServerClock clock;
    private final AtomicInteger ids = new AtomicInteger();
    private final List<TimedOperation> operations = new ArrayList<>();
    private final List<Mark> marks = new ArrayList<>();
    private final List<KeyFailures.ImplementationError> errors = new ArrayList<>();

    Recorder(ServerClock clock) {
        this.clock = clock;
    }

    ServerClock clock() {
        return clock;
    }

    /** A new operation id, taken when it is invoked: ids follow invocation order. */
    int nextId() {
        return ids.incrementAndGet();
    }

    synchronized void operation(int id, String process, Command command, long invoke, long complete, Outcome outcome, String note) {
        operations.add(new TimedOperation(id, process, command, invoke, complete, outcome, note));
    }

    synchronized void mark(String process, String what) {
        marks.add(new Mark(process, clock.now(), what));
    }

    /** Operation {@code id} was failed by the implementation, with {@code message}: it is recorded unknown too. */
    synchronized void error(int id, String message) {
        errors.add(new KeyFailures.ImplementationError(id, message));
    }

    synchronized List<KeyFailures.ImplementationError> errors() {
        return List.copyOf(errors);
    }

    synchronized List<TimedOperation> operations() {
        return List.copyOf(operations);
    }

    synchronized List<Mark> marks() {
        return List.copyOf(marks);
    }
}
