package fencecheck.db.cluster;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import fencecheck.db.ReplicatedDatabase;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Stands in for a cluster manager's API in front of a pair a test started: a request to {@code /failover} fails the
 * pair over at once, one to {@code /switchover} first waits until the standby has caught up (as a planned switchover
 * does). Both answer before the failover runs, as {@code kubectl cnpg promote} returns once the operator has the
 * request, so the database under test has to wait for the new primary itself. Failovers run one at a time.
 */
public final class PairFailoverEndpoint implements AutoCloseable {

    private final ReplicatedDatabase pair;
    private final HttpServer server;
    private final ExecutorService failovers = Executors.newSingleThreadExecutor();
    private volatile Future<?> last;

    public PairFailoverEndpoint(ReplicatedDatabase pair) throws IOException {
        this.pair = pair;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/failover", exchange -> accept(exchange, false));
        server.createContext("/switchover", exchange -> accept(exchange, true));
        server.start();
    }

    private void accept(HttpExchange exchange, boolean switchover) throws IOException {
        last = failovers.submit(() -> {
            if (switchover) {
                pair.awaitCatchUp();
            }
            pair.failover(true);
        });
        exchange.sendResponseHeaders(202, -1);
        exchange.close();
    }

    /** The address of {@code /failover} or {@code /switchover}. */
    public URI uri(String what) {
        return URI.create("http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/" + what);
    }

    /** A shell command line that asks for {@code what}: a JVM running {@link RequestFailover}, which needs only the JDK. */
    public String command(String what) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classes;
        try {
            classes = Path.of(RequestFailover.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return quote(java) + " -cp " + quote(classes) + " " + RequestFailover.class.getName() + " " + uri(what);
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Waits for the last failover asked for, and rethrows what it threw. */
    public void awaitLast() throws Exception {
        if (last != null) {
            last.get(60, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        failovers.shutdown();
        try {
            failovers.awaitTermination(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
