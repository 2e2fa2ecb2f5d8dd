package fencecheck.protocol;

import fencecheck.api.KeyState;
import fencecheck.api.LeaseClient;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.Outcome;
import fencecheck.api.SinkKind;
import fencecheck.db.Database;
import fencecheck.db.Databases;
import fencecheck.db.TestBed;
import fencecheck.db.VirtualClock;
import fencecheck.model.Command;
import fencecheck.model.LeaseModel;
import fencecheck.model.ProtocolState;
import fencecheck.model.Transition;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs commands against the model and a protocol on the embedded database in
 * lock step, from empty tables and clock 0, recording what each said.
 */
final class Lockstep implements AutoCloseable {

    /** One command: what the model expected and what the database answered. */
    record Exchange(Command command, Outcome expected, Outcome observed) {
    }

    private static final Map<String, TestBed> BEDS = new ConcurrentHashMap<>();

    private final LeaseProtocol protocol;
    private final LeaseModel model;
    private final Connection connection;
    private final LeaseClient client;
    private final List<Exchange> exchanges = new ArrayList<>();
    private final TreeSet<String> keys = new TreeSet<>();
    private ProtocolState state;

    Lockstep(LeaseProtocol protocol) throws SQLException {
        this.protocol = protocol;
        this.model = new LeaseModel(protocol.modelConfig());
        Database database = Databases.open("embedded", null);
        TestBed bed = BEDS.computeIfAbsent(protocol.name(), name -> new TestBed(database, protocol));
        this.connection = database.connect();
        try (Statement s = connection.createStatement()) {
            // outcomes and rows do not depend on waiting for the disk; the tests only run faster
            s.execute("set synchronous_commit = off");
        }
        bed.reset(connection);
        this.client = protocol.client(connection);
        this.state = model.init(0);
    }

    LeaseClient client() {
        return client;
    }

    Connection connection() {
        return connection;
    }

    UUID owner(String worker) {
        return protocol.newOwner(worker);
    }

    Outcome acquire(String key, UUID owner, long ttl) throws SQLException {
        return exchange(new Command.Acquire(key, owner.toString(), ttl), client.acquire(key, owner, ttl));
    }

    Outcome renew(String key, UUID owner, long token, long ttl) throws SQLException {
        return exchange(new Command.Renew(key, owner.toString(), token, ttl), client.renew(key, owner, token, ttl));
    }

    Outcome release(String key, UUID owner, long token) throws SQLException {
        return exchange(new Command.Release(key, owner.toString(), token), client.release(key, owner, token));
    }

    Outcome writeLatest(String key, long token, String payload) throws SQLException {
        return write(SinkKind.LATEST_TOKEN_WINS, key, token, "-", payload);
    }

    Outcome writeFenced(String key, long token, String resultId, String payload) throws SQLException {
        return write(SinkKind.CURRENT_FENCE, key, token, resultId, payload);
    }

    Outcome write(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        Command.Write write = new Command.Write(sink, key, token, resultId, payload);
        return exchange(write, client.write(sink, key, token, resultId, payload));
    }

    Outcome writeThenRollBack(SinkKind sink, String key, long token, String resultId, String payload) throws SQLException {
        Command.Write write = new Command.Write(sink, key, token, resultId, payload);
        return exchange(new Command.RolledBackWrite(write), client.writeThenRollBack(sink, key, token, resultId, payload));
    }

    /** Moves both clocks to {@code micros}. */
    void clockTo(long micros) throws SQLException {
        Transition t = model.step(state, new Command.AdvanceClock(micros));
        state = t.next();
        VirtualClock.set(connection, state.now());
    }

    private Outcome exchange(Command command, Outcome observed) {
        Transition t = model.step(state, command);
        state = t.next();
        keys.add(key(command));
        exchanges.add(new Exchange(command, t.outcome(), observed));
        return observed;
    }

    private static String key(Command command) {
        return switch (command) {
            case Command.Acquire a -> a.key();
            case Command.Renew r -> r.key();
            case Command.Release r -> r.key();
            case Command.Write w -> w.key();
            case Command.RolledBackWrite r -> r.write().key();
            case Command.AdvanceClock c -> throw new IllegalArgumentException("no key");
        };
    }

    List<Exchange> exchanges() {
        return Collections.unmodifiableList(exchanges);
    }

    List<Outcome> observed() {
        return exchanges.stream().map(Exchange::observed).toList();
    }

    ProtocolState modelState() {
        return state;
    }

    /** The database rows of {@code key}. */
    KeyState rows(String key) throws SQLException {
        return client.inspect(key);
    }

    /** Where the database disagrees with the model: per command, then the rows of every key touched. */
    List<String> divergences() throws SQLException {
        List<String> found = new ArrayList<>();
        for (int i = 0; i < exchanges.size(); i++) {
            Exchange e = exchanges.get(i);
            if (!e.expected().equals(e.observed())) {
                found.add("step " + (i + 1) + " " + e.command() + ": model " + e.expected() + ", database " + e.observed());
            }
        }
        for (String key : keys) {
            KeyState expected = state.key(key);
            KeyState observed = client.inspect(key);
            if (!expected.equals(observed)) {
                found.add("rows of " + key + ": model " + expected + ", database " + observed);
            }
        }
        return found;
    }

    @Override
    public void close() throws SQLException {
        try {
            client.close();
        } finally {
            connection.close();
        }
    }
}
