package fencecheck.run;

import fencecheck.model.Command;
import fencecheck.protocol.LeaseClient;
import fencecheck.trace.NetworkFault;

import java.util.UUID;
import java.util.concurrent.Future;

/**
 * One execution of a worker: its own session and owner id, whether it is
 * paused, what it believes it holds, the last write it sent (which the
 * network may deliver again), a network fault armed for its next statement,
 * the operation whose answer it never got, and a statement the network holds.
 */
final class Incarnation {

    final String label;
    final UUID owner;
    final Session session;
    boolean paused;
    Belief belief;
    Command.Write lastWrite;
    NetworkFault armed;
    Command unanswered;
    InFlight inFlight;

    Incarnation(String label, UUID owner, Session session) {
        this.label = label;
        this.owner = owner;
        this.session = session;
    }

    LeaseClient client() {
        return session.client();
    }

    /** A statement sent but held by the network, with what to do with its answer. */
    record InFlight(Command command, String key, Future<fencecheck.model.Outcome> answer, TryExecution.AfterAnswer after) {
    }
}
