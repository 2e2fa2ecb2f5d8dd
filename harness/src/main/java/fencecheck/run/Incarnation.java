package fencecheck.run;

import fencecheck.model.Command;
import fencecheck.protocol.LeaseClient;

import java.util.UUID;

/**
 * One execution of a worker: its own session and owner id, whether it is
 * paused, what it believes it holds and the last write it sent (which the
 * network may deliver again).
 */
final class Incarnation {

    final String label;
    final UUID owner;
    final Session session;
    boolean paused;
    Belief belief;
    Command.Write lastWrite;

    Incarnation(String label, UUID owner, Session session) {
        this.label = label;
        this.owner = owner;
        this.session = session;
    }

    LeaseClient client() {
        return session.client();
    }
}
