package fencecheck.faults.proxy;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/** One accepted client, its own connection to the upstream, and the two links between them. */
final class Connection {

    private final ProxyEndpoint proxy;
    private final Socket client;
    private final Socket upstream;
    private final Link toUpstream;
    private final Link toClient;
    private final AtomicInteger openLinks = new AtomicInteger(2);

    Connection(ProxyEndpoint proxy, Socket client, Socket upstream) {
        this.proxy = proxy;
        this.client = client;
        this.upstream = upstream;
        this.toUpstream = new Link(proxy, this, Direction.UPSTREAM, client, upstream);
        this.toClient = new Link(proxy, this, Direction.DOWNSTREAM, upstream, client);
    }

    void start() {
        String label = "toxiproxy-" + proxy.name() + "-" + client.getPort();
        toUpstream.start(label);
        toClient.start(label);
    }

    Link link(Direction direction) {
        return direction == Direction.UPSTREAM ? toUpstream : toClient;
    }

    /** Closes both sockets at once. */
    void close() {
        toUpstream.close();
        toClient.close();
    }

    /** Makes both sockets close with a TCP RST rather than a FIN. */
    void resetOnClose() {
        for (Socket socket : new Socket[] {client, upstream}) {
            try {
                socket.setSoLinger(true, 0);
            } catch (IOException e) {
                // already closed
            }
        }
    }

    /** Called by each link as it closes; the proxy forgets the connection once both have. */
    void linkClosed() {
        if (openLinks.decrementAndGet() == 0) {
            proxy.forget(this);
        }
    }

    static void closeQuietly(AutoCloseable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (Exception e) {
            // nothing left to do
        }
    }
}
