package fencecheck.model;

import fencecheck.api.Boundary;
import fencecheck.api.KeyState;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.model.Command.Acquire;
import fencecheck.model.Command.AdvanceClock;
import fencecheck.model.Command.Release;
import fencecheck.model.Command.Renew;
import fencecheck.model.Command.RolledBackWrite;
import fencecheck.model.Command.Write;

/** A model and its current state, stepped one command at a time. */
public final class Scenario {

    public static final long S = Micros.SECOND;
    public static final long TTL = 10 * S;

    private final LeaseModel model;
    private ProtocolState state;

    public Scenario(ModelConfig config, long start) {
        this.model = new LeaseModel(config);
        this.state = model.init(start);
    }

    public static Scenario reference() {
        return new Scenario(ModelConfig.reference(), 0);
    }

    public static Scenario with(Boundary boundary) {
        return new Scenario(ModelConfig.reference().withBoundary(boundary), 0);
    }

    public static Scenario with(ModelConfig config) {
        return new Scenario(config, 0);
    }

    public ProtocolState state() {
        return state;
    }

    public long now() {
        return state.now();
    }

    public KeyState key(String key) {
        return state.key(key);
    }

    public Lease lease(String key) {
        return state.key(key).lease();
    }

    public Outcome step(Command command) {
        Transition t = model.step(state, command);
        state = t.next();
        return t.outcome();
    }

    /** What the command would answer now, without keeping its effect. */
    public Transition peek(Command command) {
        return model.step(state, command);
    }

    public Outcome acquire(String key, String owner, long ttl) {
        return step(new Acquire(key, owner, ttl));
    }

    public Outcome acquire(String key, String owner) {
        return acquire(key, owner, TTL);
    }

    public Outcome renew(String key, String owner, long token, long ttl) {
        return step(new Renew(key, owner, token, ttl));
    }

    public Outcome renew(String key, String owner, long token) {
        return renew(key, owner, token, TTL);
    }

    public Outcome release(String key, String owner, long token) {
        return step(new Release(key, owner, token));
    }

    public static Write latestWrite(String key, long token, String payload) {
        return new Write(SinkKind.LATEST_TOKEN_WINS, key, token, "result", payload);
    }

    public static Write fencedWrite(String key, long token, String resultId, String payload) {
        return new Write(SinkKind.CURRENT_FENCE, key, token, resultId, payload);
    }

    public Outcome writeLatest(String key, long token, String payload) {
        return step(latestWrite(key, token, payload));
    }

    public Outcome writeFenced(String key, long token, String resultId, String payload) {
        return step(fencedWrite(key, token, resultId, payload));
    }

    public Outcome rolledBack(Write write) {
        return step(new RolledBackWrite(write));
    }

    public Outcome at(long to) {
        return step(new AdvanceClock(to));
    }

    public Outcome after(long micros) {
        return at(state.now() + micros);
    }
}
