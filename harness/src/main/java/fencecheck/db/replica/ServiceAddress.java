package fencecheck.db.replica;

import eu.rekawek.toxiproxy.Proxy;
import fencecheck.faults.proxy.ToxiproxyServer;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The address sessions reach the primary on, whichever server that is: a
 * proxy of an in-JVM Toxiproxy server of the pair's own, re-pointed at the new
 * primary on a failover, as a virtual IP, a Patroni-managed HAProxy or a
 * CloudNativePG read-write service would be. Re-pointing closes every
 * connection through it, so an old session breaks and a new one reaches the
 * new primary. The harness's fault proxies then sit in front of this address.
 */
final class ServiceAddress implements AutoCloseable {

    private static final String NAME = "fencecheck-primary";

    private final ToxiproxyServer server;
    private final Proxy proxy;
    private final String host;
    private final int port;

    private ServiceAddress(ToxiproxyServer server, Proxy proxy) {
        this.server = server;
        this.proxy = proxy;
        String listen = proxy.getListen();
        int colon = listen.lastIndexOf(':');
        this.host = listen.substring(0, colon);
        this.port = Integer.parseInt(listen.substring(colon + 1));
    }

    /** Listens on a free loopback port, forwarding to {@code upstreamHost:upstreamPort}. */
    static ServiceAddress start(String upstreamHost, int upstreamPort) {
        ToxiproxyServer server = ToxiproxyServer.start();
        try {
            Proxy proxy = server.client().createProxy(NAME, "127.0.0.1:0", upstreamHost + ":" + upstreamPort);
            return new ServiceAddress(server, proxy);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw new IllegalStateException("could not open the replicated pair's stable address: " + Messages.root(e), e);
        }
    }

    /** Sends new connections to {@code upstreamHost:upstreamPort} from now on, and closes the ones open. */
    synchronized void repoint(String upstreamHost, int upstreamPort) {
        try {
            proxy.setUpstream(upstreamHost + ":" + upstreamPort);
        } catch (IOException e) {
            throw new UncheckedIOException("could not re-point the replicated pair's stable address to "
                    + upstreamHost + ":" + upstreamPort + ": " + e.getMessage(), e);
        }
    }

    /** The upstream connections go to now, as {@code host:port}. */
    synchronized String upstream() {
        try {
            return server.client().getProxy(NAME).getUpstream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String host() {
        return host;
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        server.close();
    }
}
