package fencecheck.run;

import fencecheck.api.Outcome;
import fencecheck.job.JobCommand;
import fencecheck.job.JobOutcome;
import fencecheck.model.Command;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the sessions of a try know, as a value: per session the lease it believes it holds, what it believed when its
 * open transaction began (a grant or a release inside the transaction is undone by its rollback, and the worker, told
 * of the rollback, knows it), its last write (which the network may deliver again) and the statement on its own whose
 * answer never came (which it may retry). Each change gives a new value and leaves this one as it was.
 *
 * @param held              the key and token of each session's last grant, as it heard of it
 * @param beforeTransaction per session with a transaction open, what it believed when the transaction began
 * @param lastWrites        per session, its last write
 * @param unanswered        per session, the statement on its own whose answer never came
 */
record Knowledge(SortedMap<String, Workers.Belief> held, SortedMap<String, Optional<Workers.Belief>> beforeTransaction,
                 SortedMap<String, Command.Write> lastWrites, SortedMap<String, JobCommand> unanswered) {

    /** Nobody knows anything yet. */
    static final Knowledge NONE = new Knowledge(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());

    Knowledge {
        held = sorted(held);
        beforeTransaction = sorted(beforeTransaction);
        lastWrites = sorted(lastWrites);
        unanswered = sorted(unanswered);
    }

    private static <V> SortedMap<String, V> sorted(Map<String, V> map) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(map == null ? Map.of() : map));
    }

    private static <V> SortedMap<String, V> with(SortedMap<String, V> map, String session, V value) {
        SortedMap<String, V> changed = new TreeMap<>(map);
        if (value == null) {
            changed.remove(session);
        } else {
            changed.put(session, value);
        }
        return changed;
    }

    /** The lease {@code session} believes it holds, or null. */
    Workers.Belief belief(String session) {
        return held.get(session);
    }

    /** The same, with {@code session} believing it holds {@code belief} (null: nothing). */
    Knowledge believing(String session, Workers.Belief belief) {
        return new Knowledge(with(held, session, belief), beforeTransaction, lastWrites, unanswered);
    }

    /** What the sessions know after {@code session} heard {@code observed} answer {@code command}. */
    Knowledge learn(String session, JobCommand command, JobOutcome observed) {
        SortedMap<String, Workers.Belief> nowHeld = held;
        SortedMap<String, Optional<Workers.Belief>> before = beforeTransaction;
        switch (command) {
            case JobCommand.Begin b -> before = with(before, session, Optional.ofNullable(held.get(session)));
            case JobCommand.Commit c -> before = with(before, session, null);
            case JobCommand.Rollback r -> {
                Optional<Workers.Belief> then = before.get(session);
                before = with(before, session, null);
                if (then != null) {
                    nowHeld = with(nowHeld, session, then.orElse(null));
                }
            }
            default -> {
            }
        }
        if (command instanceof JobCommand.LeaseOperation op && observed instanceof JobOutcome.Answered a) {
            if (a.outcome() instanceof Outcome.Granted g && op.command() instanceof Command.Acquire acquire) {
                nowHeld = with(nowHeld, session, new Workers.Belief(acquire.key(), g.token()));
            }
            if (a.outcome() instanceof Outcome.Released) {
                nowHeld = with(nowHeld, session, null);
            }
        }
        return new Knowledge(nowHeld, before, lastWrites, unanswered);
    }

    /** The same, with {@code write} as {@code session}'s last write. */
    Knowledge wrote(String session, Command.Write write) {
        return new Knowledge(held, beforeTransaction, with(lastWrites, session, write), unanswered);
    }

    /** The same, with {@code command} (null: none) as {@code session}'s statement whose answer never came. */
    Knowledge unanswered(String session, JobCommand command) {
        return new Knowledge(held, beforeTransaction, lastWrites, with(unanswered, session, command));
    }
}
