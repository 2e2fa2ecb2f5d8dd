package fencecheck.faults.proxy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One proxy: a listening socket on {@code listen}, a connection to
 * {@code upstream} for each client it accepts, and the toxics of each
 * direction. Disabling it stops listening and closes its connections.
 */
final class ProxyEndpoint {

    private static final int UPSTREAM_CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final Duration ACCEPT_STOP_WAIT = Duration.ofSeconds(5);

    private final String name;
    private final ReentrantLock lock = new ReentrantLock();
    private String listen;
    private String upstream;
    private boolean enabled;
    private ServerSocket listener;
    private Thread acceptor;
    private final Set<Connection> connections = new HashSet<>();
    private volatile List<Toxic> upstreamToxics = List.of();
    private volatile List<Toxic> downstreamToxics = List.of();

    ProxyEndpoint(String name, String listen, String upstream) {
        this.name = name;
        this.listen = listen;
        this.upstream = upstream;
    }

    String name() {
        return name;
    }

    boolean enabled() {
        lock.lock();
        try {
            return enabled;
        } finally {
            lock.unlock();
        }
    }

    String listen() {
        lock.lock();
        try {
            return listen;
        } finally {
            lock.unlock();
        }
    }

    String upstream() {
        lock.lock();
        try {
            return upstream;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts listening, if not already; {@code listen} then shows the bound
     * address (the real port when port 0 was asked for). An empty host means
     * the loopback address.
     */
    void start() throws ApiError {
        lock.lock();
        try {
            if (enabled) {
                return;
            }
            InetSocketAddress address = parseAddress(listen);
            ServerSocket socket = null;
            try {
                socket = new ServerSocket();
                socket.setReuseAddress(true);
                socket.bind(address);
            } catch (IOException e) {
                Connection.closeQuietly(socket);
                throw new ApiError(500, "listen tcp " + listen + ": " + e.getMessage());
            }
            ServerSocket bound = socket;
            listener = bound;
            listen = format(bound.getInetAddress(), bound.getLocalPort());
            enabled = true;
            acceptor = Thread.ofVirtual().name("toxiproxy-" + name + "-accept").start(() -> acceptLoop(bound));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stops listening and closes every connection, if enabled. Returns once the
     * port refuses connections: a listening socket closed while another thread
     * is blocked accepting on it may otherwise accept until that thread wakes.
     */
    void stop() {
        List<Connection> open;
        Thread stoppedAcceptor;
        lock.lock();
        try {
            if (!enabled) {
                return;
            }
            enabled = false;
            Connection.closeQuietly(listener);
            listener = null;
            stoppedAcceptor = acceptor;
            acceptor = null;
            open = List.copyOf(connections);
            connections.clear();
        } finally {
            lock.unlock();
        }
        open.forEach(Connection::close);
        awaitExit(stoppedAcceptor);
    }

    private static void awaitExit(Thread thread) {
        try {
            thread.join(ACCEPT_STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Applies an update of the API: a new listen address or upstream restarts
     * the proxy (closing its connections); then it is enabled or disabled.
     */
    void update(String newListen, String newUpstream, boolean newEnabled) throws ApiError {
        lock.lock();
        try {
            InetSocketAddress resolved = parseAddress(newListen);
            if (!format(resolved.getAddress(), resolved.getPort()).equals(listen) || !newUpstream.equals(upstream)) {
                stop();
                listen = newListen;
                upstream = newUpstream;
            }
            if (newEnabled && !enabled) {
                start();
            } else if (!newEnabled && enabled) {
                stop();
            }
        } finally {
            lock.unlock();
        }
    }

    private void acceptLoop(ServerSocket socket) {
        while (true) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                return;
            }
            Thread.ofVirtual().name("toxiproxy-" + name + "-dial").start(() -> open(socket, client));
        }
    }

    private void open(ServerSocket acceptedBy, Socket client) {
        Socket upstreamSocket = new Socket();
        try {
            client.setTcpNoDelay(true);
            upstreamSocket.setTcpNoDelay(true);
            upstreamSocket.connect(parseAddress(upstream()), UPSTREAM_CONNECT_TIMEOUT_MILLIS);
        } catch (IOException | ApiError e) {
            Connection.closeQuietly(client);
            Connection.closeQuietly(upstreamSocket);
            return;
        }
        lock.lock();
        try {
            if (listener != acceptedBy) {
                Connection.closeQuietly(client);
                Connection.closeQuietly(upstreamSocket);
                return;
            }
            Connection connection = new Connection(this, client, upstreamSocket);
            connections.add(connection);
            connection.start();
        } finally {
            lock.unlock();
        }
    }

    void forget(Connection connection) {
        lock.lock();
        try {
            connections.remove(connection);
        } finally {
            lock.unlock();
        }
    }

    List<Toxic> toxics(Direction direction) {
        return direction == Direction.UPSTREAM ? upstreamToxics : downstreamToxics;
    }

    /** Upstream toxics first, then downstream ones, each in the order they were added. */
    List<Toxic> allToxics() {
        List<Toxic> all = new ArrayList<>(upstreamToxics);
        all.addAll(downstreamToxics);
        return all;
    }

    /** The toxic of that name, or {@code null}. */
    Toxic toxic(String toxicName) {
        for (Toxic toxic : allToxics()) {
            if (toxic.name().equals(toxicName)) {
                return toxic;
            }
        }
        return null;
    }

    /** The current configuration of the toxic with that id, or {@code null} once it is removed. */
    Toxic currentToxic(Direction direction, long id) {
        for (Toxic toxic : toxics(direction)) {
            if (toxic.id() == id) {
                return toxic;
            }
        }
        return null;
    }

    /** Whether this exact configuration is still in place (not updated, not removed). */
    boolean isCurrent(Direction direction, Toxic toxic) {
        for (Toxic current : toxics(direction)) {
            if (current == toxic) {
                return true;
            }
        }
        return false;
    }

    void addToxic(Toxic toxic) throws ApiError {
        lock.lock();
        try {
            if (toxic(toxic.name()) != null) {
                throw ApiError.toxicAlreadyExists();
            }
            List<Toxic> chain = new ArrayList<>(toxics(toxic.stream()));
            chain.add(toxic);
            setToxics(toxic.stream(), chain);
        } finally {
            lock.unlock();
        }
    }

    Toxic updateToxic(String toxicName, float toxicity, Map<String, Long> changes) throws ApiError {
        lock.lock();
        try {
            Toxic old = toxic(toxicName);
            if (old == null) {
                throw ApiError.toxicNotFound();
            }
            Toxic updated = old.updated(toxicity, changes);
            List<Toxic> chain = new ArrayList<>(toxics(old.stream()));
            chain.set(chain.indexOf(old), updated);
            setToxics(old.stream(), chain);
            return updated;
        } finally {
            lock.unlock();
        }
    }

    void removeToxic(String toxicName) throws ApiError {
        lock.lock();
        try {
            Toxic toxic = toxic(toxicName);
            if (toxic == null) {
                throw ApiError.toxicNotFound();
            }
            List<Toxic> chain = new ArrayList<>(toxics(toxic.stream()));
            chain.remove(toxic);
            setToxics(toxic.stream(), chain);
            if (toxic.type().behaviour().closesOnRemoval()) {
                for (Connection connection : List.copyOf(connections)) {
                    connection.link(toxic.stream()).close();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    void removeAllToxics() {
        for (Toxic toxic : allToxics()) {
            try {
                removeToxic(toxic.name());
            } catch (ApiError e) {
                // removed meanwhile
            }
        }
    }

    private void setToxics(Direction direction, List<Toxic> chain) {
        if (direction == Direction.UPSTREAM) {
            upstreamToxics = List.copyOf(chain);
        } else {
            downstreamToxics = List.copyOf(chain);
        }
        for (Connection connection : connections) {
            connection.link(direction).toxicsChanged();
        }
    }

    ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        lock.lock();
        try {
            json.put("name", name);
            json.put("listen", listen);
            json.put("upstream", upstream);
            json.put("enabled", enabled);
        } finally {
            lock.unlock();
        }
        ArrayNode toxics = json.putArray("toxics");
        allToxics().forEach(toxic -> toxics.add(toxic.toJson()));
        return json;
    }

    /**
     * Parses {@code host:port} ({@code [v6]:port} for IPv6); an empty host is
     * the loopback address, and an empty address any free port on it.
     */
    static InetSocketAddress parseAddress(String address) throws ApiError {
        if (address.isEmpty()) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        }
        int colon = address.lastIndexOf(':');
        if (colon < 0) {
            throw new ApiError(500, "address " + address + ": missing port in address");
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65_535) {
            throw new ApiError(500, "address " + address + ": invalid port");
        }
        try {
            InetAddress ip = host.isEmpty() ? InetAddress.getLoopbackAddress() : InetAddress.getByName(host);
            return new InetSocketAddress(ip, port);
        } catch (UnknownHostException e) {
            throw new ApiError(500, "lookup " + host + ": no such host");
        }
    }

    static String format(InetAddress ip, int port) {
        String host = ip.getHostAddress();
        return (ip instanceof Inet6Address ? "[" + host + "]" : host) + ":" + port;
    }
}
