package fencecheck.check;

import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;
import java.util.ArrayList;
import java.util.List;

/** Runs commands through the model and records what it answered, at the instant it answered. */
final class Recorder {

    private final LeaseModel model;
    private ProtocolState state;
    private final List<Event> events = new ArrayList<>();

    Recorder(ModelConfig config) {
        this.model = new LeaseModel(config);
        this.state = model.init(0);
    }

    Outcome step(Command command) {
        Transition t = model.step(state, command);
        events.add(new Event(events.size() + 1, state.now(), command, t.outcome()));
        state = t.next();
        return t.outcome();
    }

    ProtocolState state() {
        return state;
    }

    List<Event> events() {
        return List.copyOf(events);
    }
}
