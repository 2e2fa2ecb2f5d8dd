package fencecheck.faults.proxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import org.testcontainers.Testcontainers;
import org.testcontainers.containers.ToxiproxyContainer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.HashSet;
import java.util.Set;

/**
 * The Toxiproxy server the harness drives, whichever it is, with what it takes
 * to use it: a client, where a new proxy should listen, how the server reaches
 * an upstream on this machine, and where this JVM connects to reach a proxy.
 * For a server by URL this assumes it runs on this machine.
 */
public final class FaultProxyServer {

    /** Where the server comes from. */
    public enum Kind {
        /** A running Toxiproxy given by URL. */
        URL,
        /** Toxiproxy in a Docker container started by Testcontainers. */
        CONTAINER,
        /** The in-JVM {@link ToxiproxyServer}. */
        IN_JVM
    }

    /** The first and last container ports that the Testcontainers module exposes for proxies. */
    private static final int FIRST_CONTAINER_PORT = 8666;
    private static final int LAST_CONTAINER_PORT = 8697;
    private static final String HOST_FROM_CONTAINER = "host.testcontainers.internal";

    private final Kind kind;
    private final URI api;
    private final ToxiproxyContainer container;

    private FaultProxyServer(Kind kind, URI api, ToxiproxyContainer container) {
        this.kind = kind;
        this.api = api;
        this.container = container;
    }

    static FaultProxyServer atUrl(URI api) {
        return new FaultProxyServer(Kind.URL, api, null);
    }

    static FaultProxyServer inContainer(ToxiproxyContainer container) {
        URI api = URI.create("http://" + container.getHost() + ":" + container.getControlPort());
        return new FaultProxyServer(Kind.CONTAINER, api, container);
    }

    static FaultProxyServer inJvm(ToxiproxyServer server) {
        return new FaultProxyServer(Kind.IN_JVM, URI.create(server.apiUrl()), null);
    }

    public Kind kind() {
        return kind;
    }

    /** The API's base URL. */
    public String apiUrl() {
        return api.toString();
    }

    /** One line saying which server this is, for logs and reports. */
    public String description() {
        return switch (kind) {
            case URL -> "Toxiproxy at " + api;
            case CONTAINER -> "Toxiproxy in container " + container.getDockerImageName() + " at " + api;
            case IN_JVM -> "in-JVM Toxiproxy server at " + api;
        };
    }

    /** A new official client for this server. */
    public ToxiproxyClient client() {
        return new ToxiproxyClient(api.getScheme(), api.getHost(), api.getPort());
    }

    /**
     * Creates a proxy to an upstream given as this JVM sees it, listening where
     * this JVM can reach it (see {@link #connectAddress}).
     */
    public Proxy createProxy(String name, String upstreamHost, int upstreamPort) throws IOException {
        ToxiproxyClient client = client();
        if (kind != Kind.CONTAINER) {
            return client.createProxy(name, "127.0.0.1:0", upstreamHost + ":" + upstreamPort);
        }
        String upstream = upstreamHost + ":" + upstreamPort;
        if (isLoopback(upstreamHost)) {
            Testcontainers.exposeHostPorts(upstreamPort);
            upstream = HOST_FROM_CONTAINER + ":" + upstreamPort;
        }
        return client.createProxy(name, "0.0.0.0:" + freeContainerPort(client), upstream);
    }

    /** Where this JVM connects to reach the proxy. */
    public InetSocketAddress connectAddress(Proxy proxy) {
        String listen = proxy.getListen();
        int colon = listen.lastIndexOf(':');
        String host = listen.substring(0, colon).replace("[", "").replace("]", "");
        int port = Integer.parseInt(listen.substring(colon + 1));
        if (kind == Kind.CONTAINER) {
            return new InetSocketAddress(container.getHost(), container.getMappedPort(port));
        }
        if (host.isEmpty() || host.equals("0.0.0.0") || host.equals("::")) {
            host = api.getHost();
        }
        return new InetSocketAddress(host, port);
    }

    private static int freeContainerPort(ToxiproxyClient client) throws IOException {
        Set<String> used = new HashSet<>();
        for (Proxy proxy : client.getProxies()) {
            used.add(proxy.getListen().substring(proxy.getListen().lastIndexOf(':') + 1));
        }
        for (int port = FIRST_CONTAINER_PORT; port <= LAST_CONTAINER_PORT; port++) {
            if (!used.contains(Integer.toString(port))) {
                return port;
            }
        }
        throw new IllegalStateException("all " + (LAST_CONTAINER_PORT - FIRST_CONTAINER_PORT + 1)
                + " proxy ports of the Toxiproxy container are in use; delete proxies that are no longer needed");
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1") || host.equals("[::1]");
    }

    @Override
    public String toString() {
        return description();
    }
}
