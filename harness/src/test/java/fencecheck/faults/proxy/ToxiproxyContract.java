package fencecheck.faults.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Latency;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a Toxiproxy server must do for the harness, checked only through the
 * official client and plain sockets, with an echo server on 127.0.0.1 as the
 * upstream. Each subclass runs it against one server; every wait is bounded.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ToxiproxyContract {

    /** Bound on any wait for something that should happen. */
    private static final int WAIT_MILLIS = 3_000;
    /** How long a stall is watched before it counts as one. */
    private static final int STALL_MILLIS = 400;
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    private EchoServer echo;
    private ToxiproxyClient client;
    private final List<Proxy> proxies = new ArrayList<>();
    private final List<Socket> sockets = new ArrayList<>();

    /** The API of the server under test, e.g. {@code http://127.0.0.1:8474}. */
    protected abstract URI apiUrl();

    @BeforeAll
    void startEchoServer() throws IOException {
        echo = new EchoServer();
    }

    @AfterAll
    void stopEchoServer() throws IOException {
        if (echo != null) {
            echo.close();
        }
    }

    @BeforeEach
    void newClient() {
        client = new ToxiproxyClient(apiUrl().getHost(), apiUrl().getPort());
    }

    @AfterEach
    void cleanUp() {
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
        for (Proxy proxy : proxies) {
            try {
                proxy.delete();
            } catch (IOException e) {
                // deleted by the test
            }
        }
    }

    @Test
    void versionAnswers() throws IOException {
        assertThat(client.version()).isNotBlank();
    }

    @Test
    void proxyLifecycleThroughTheClient() throws IOException {
        Proxy proxy = newProxy();

        assertThat(proxy.getListen()).matches("127\\.0\\.0\\.1:\\d+").doesNotEndWith(":0");
        assertThat(proxy.getUpstream()).isEqualTo(echo.address());
        assertThat(proxy.isEnabled()).isTrue();
        assertThat(client.getProxy(proxy.getName()).getListen()).isEqualTo(proxy.getListen());
        assertThat(client.getProxies()).extracting(Proxy::getName).contains(proxy.getName());

        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "hello")).isEqualTo("hello");

        proxy.delete();
        assertThat(client.getProxies()).extracting(Proxy::getName).doesNotContain(proxy.getName());
        assertClosed(socket);
        assertThatThrownBy(() -> connect(proxy)).isInstanceOf(ConnectException.class);
    }

    @Test
    void bytesPassUnchangedBothWays() throws Exception {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        byte[] payload = new byte[1 << 20];
        new Random(42).nextBytes(payload);

        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                socket.getOutputStream().write(payload);
            } catch (IOException e) {
                // the read below fails then
            }
        });
        byte[] echoed = socket.getInputStream().readNBytes(payload.length);
        writer.join(WAIT_MILLIS);

        assertThat(echoed).isEqualTo(payload);
    }

    @Test
    void slicerDeliversEveryByteInOrder() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().slicer("slices", ToxicDirection.DOWNSTREAM, 10, 100).setSizeVariation(5);
        Socket socket = connect(proxy);

        String payload = "0123456789".repeat(100);
        assertThat(roundTrip(socket, payload)).isEqualTo(payload);
    }

    @Test
    void toxicLifecycleThroughTheClient() throws IOException {
        Proxy proxy = newProxy();

        Latency latency = proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 100);
        assertThat(latency.getName()).isEqualTo("slow");
        assertThat(latency.getStream()).isEqualTo(ToxicDirection.DOWNSTREAM);
        assertThat(latency.getToxicity()).isEqualTo(1.0f);
        assertThat(latency.getLatency()).isEqualTo(100);
        assertThat(latency.getJitter()).isZero();

        latency.setLatency(200).setJitter(5);
        latency.setToxicity(0.5f);
        Latency read = proxy.toxics().get("slow", Latency.class);
        assertThat(read.getLatency()).isEqualTo(200);
        assertThat(read.getJitter()).isEqualTo(5);
        assertThat(read.getToxicity()).isEqualTo(0.5f);

        proxy.toxics().limitData("cap", ToxicDirection.UPSTREAM, 1_000);
        assertThat(proxy.toxics().getAll()).extracting(Toxic::getName).containsExactlyInAnyOrder("slow", "cap");

        latency.remove();
        assertThat(proxy.toxics().getAll()).extracting(Toxic::getName).containsExactly("cap");
    }

    @Test
    void errorsComeBackAsClientExceptions() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 10);

        assertThatThrownBy(() -> client.createProxy(proxy.getName(), "127.0.0.1:0", echo.address()))
                .isInstanceOf(IOException.class).hasMessage("[409] proxy already exists");
        assertThatThrownBy(() -> client.getProxy("no_such_proxy"))
                .isInstanceOf(IOException.class).hasMessage("[404] proxy not found");
        assertThatThrownBy(() -> proxy.toxics().latency("slow", ToxicDirection.UPSTREAM, 10))
                .isInstanceOf(IOException.class).hasMessage("[409] toxic already exists");
        assertThatThrownBy(() -> proxy.toxics().get("no_such_toxic"))
                .isInstanceOf(IOException.class).hasMessage("[404] toxic not found");

        proxy.delete();
        assertThatThrownBy(() -> proxy.toxics().getAll()).isInstanceOf(IOException.class);
        assertThatThrownBy(proxy::delete).isInstanceOf(IOException.class);

        assertThat(client.version()).isNotBlank();
        assertThat(client.getProxies()).extracting(Proxy::getName).doesNotContain(proxy.getName());
    }

    @Test
    void statusesAndErrorBodiesAreTheRealServersOnes() throws IOException {
        String name = uniqueName();
        String proxyJson = "{\"name\": \"" + name + "\", \"listen\": \"127.0.0.1:0\", \"upstream\": \"" + echo.address() + "\"}";

        Answer created = http("POST", "/proxies", proxyJson);
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("name").asText()).isEqualTo(name);
        assertThat(created.json().get("enabled").asBoolean()).isTrue();
        assertThat(created.json().get("listen").asText()).doesNotEndWith(":0");
        assertThat(created.json().get("toxics").isArray()).isTrue();
        proxies.add(client.getProxy(name));

        assertError(http("POST", "/proxies", proxyJson), 409);
        assertError(http("POST", "/proxies", "{"), 400);
        assertError(http("POST", "/proxies", "{\"name\": \"" + uniqueName() + "\"}"), 400);
        assertError(http("GET", "/proxies/no_such_proxy", null), 404);
        assertError(http("POST", "/proxies/no_such_proxy/toxics", "{\"type\": \"latency\"}"), 404);

        Answer toxic = http("POST", "/proxies/" + name + "/toxics", "{\"type\": \"latency\", \"attributes\": {\"latency\": 10}}");
        assertThat(toxic.status()).isEqualTo(200);
        assertThat(toxic.json().get("name").asText()).isEqualTo("latency_downstream");
        assertThat(toxic.json().get("type").asText()).isEqualTo("latency");
        assertThat(toxic.json().get("stream").asText()).isEqualTo("downstream");
        assertThat(toxic.json().get("toxicity").asDouble()).isEqualTo(1.0);
        assertThat(toxic.json().get("attributes").get("latency").asLong()).isEqualTo(10);
        assertThat(toxic.json().get("attributes").get("jitter").asLong()).isZero();

        assertError(http("POST", "/proxies/" + name + "/toxics", "{\"type\": \"latency\"}"), 409);
        assertError(http("POST", "/proxies/" + name + "/toxics", "{\"type\": \"no_such_type\"}"), 400);
        assertError(http("POST", "/proxies/" + name + "/toxics", "{\"type\": \"latency\", \"stream\": \"sideways\"}"), 400);
        assertError(http("GET", "/proxies/" + name + "/toxics/no_such_toxic", null), 404);

        assertThat(http("DELETE", "/proxies/" + name + "/toxics/latency_downstream", null).status()).isEqualTo(204);
        assertError(http("DELETE", "/proxies/" + name + "/toxics/latency_downstream", null), 404);
        assertThat(http("DELETE", "/proxies/" + name, null).status()).isEqualTo(204);
        assertError(http("DELETE", "/proxies/" + name, null), 404);
        assertThat(http("POST", "/reset", null).status()).isEqualTo(204);
    }

    @Test
    void latencyAppliesToALiveConnectionAndDelaysEachChunkFromItsReadTime() throws IOException, InterruptedException {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "warm")).isEqualTo("warm");

        // long enough that each bound below keeps half a second of margin for a loaded machine and still tells the
        // right behaviour from the wrong one
        Latency latency = proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 1_000);
        assertThat(millisOf(() -> roundTrip(socket, "slow"))).isBetween(990L, 4_000L);

        long firstSent = System.nanoTime();
        send(socket, "a");
        Thread.sleep(200);
        long secondSent = System.nanoTime();
        send(socket, "b");
        assertThat(receive(socket, 1)).isEqualTo("a");
        assertThat(millisSince(firstSent)).isGreaterThanOrEqualTo(990L);
        assertThat(receive(socket, 1)).isEqualTo("b");
        // from its own read: about 1 000 ms; from the first chunk's delivery it would be 1 800 ms
        assertThat(millisSince(secondSent))
                .as("the second chunk is delayed from its own read, not from the first chunk's delivery")
                .isBetween(990L, 1_500L);

        latency.remove();
        assertThat(millisOf(() -> roundTrip(socket, "fast"))).as("a latency left on would take 1 000 ms").isLessThan(800);
    }

    @Test
    void timeoutStopsTheDataThenClosesTheConnection() throws IOException {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "warm")).isEqualTo("warm");

        proxy.toxics().timeout("cut", ToxicDirection.DOWNSTREAM, 300);
        long start = System.nanoTime();
        send(socket, "lost");
        assertThat(readUntilClosed(socket)).as("bytes before the close").isEmpty();
        assertThat(millisSince(start)).isBetween(280L, 2_000L);
    }

    @Test
    void timeoutOfZeroNeverClosesButRemovingItDoes() throws IOException {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        Toxic timeout = proxy.toxics().timeout("hold", ToxicDirection.DOWNSTREAM, 0);

        send(socket, "held");
        assertStalls(socket);

        timeout.remove();
        assertThat(readUntilClosed(socket)).isEmpty();
    }

    @Test
    void resetPeerResetsTheConnectionAfterItsTimeout() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().resetPeer("rst", ToxicDirection.DOWNSTREAM, 200);
        Socket socket = connect(proxy);

        long start = System.nanoTime();
        send(socket, "ping");
        assertThatThrownBy(() -> socket.getInputStream().read())
                .isInstanceOf(SocketException.class).hasMessageContaining("reset");
        assertThat(millisSince(start)).isBetween(190L, 2_000L);
    }

    @Test
    void resetPeerWithoutTimeoutResetsAtOnce() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().resetPeer("rst", ToxicDirection.DOWNSTREAM, 0);
        Socket socket = connect(proxy);

        long start = System.nanoTime();
        send(socket, "ping");
        assertThatThrownBy(() -> socket.getInputStream().read())
                .isInstanceOf(SocketException.class).hasMessageContaining("reset");
        assertThat(millisSince(start)).as("at once, not after a timeout").isLessThan(1_500L);
    }

    @Test
    void bandwidthOfZeroStallsUntilRemoved() throws IOException {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        Toxic bandwidth = proxy.toxics().bandwidth("choke", ToxicDirection.DOWNSTREAM, 0);

        send(socket, "held");
        assertStalls(socket);

        bandwidth.remove();
        assertThat(receive(socket, 4)).isEqualTo("held");
    }

    @Test
    void bandwidthLimitsTheRate() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().bandwidth("narrow", ToxicDirection.DOWNSTREAM, 10);
        Socket socket = connect(proxy);

        String payload = "x".repeat(3_000);
        assertThat(millisOf(() -> roundTrip(socket, payload))).as("3000 bytes at 10 KB/s").isBetween(250L, 1_500L);
    }

    @Test
    void limitDataClosesAfterThatManyBytes() throws IOException {
        Proxy proxy = newProxy();
        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "warm")).isEqualTo("warm");

        proxy.toxics().limitData("cap", ToxicDirection.DOWNSTREAM, 10);
        send(socket, "0123456789abcdefghij");
        assertThat(new String(readUntilClosed(socket), StandardCharsets.UTF_8)).isEqualTo("0123456789");
    }

    @Test
    void slowCloseDelaysTheClose() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().slowClose("linger", ToxicDirection.DOWNSTREAM, 300);
        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "warm")).isEqualTo("warm");

        long start = System.nanoTime();
        socket.shutdownOutput();
        assertThat(readUntilClosed(socket)).isEmpty();
        assertThat(millisSince(start)).isBetween(280L, 2_000L);
    }

    @Test
    void toxicityZeroLeavesNewConnectionsAlone() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().latency("maybe", ToxicDirection.DOWNSTREAM, 2_000).setToxicity(0f);
        Socket socket = connect(proxy);

        assertThat(millisOf(() -> roundTrip(socket, "fast"))).as("a toxic applied would take 2 000 ms").isLessThan(1_500);
    }

    @Test
    void disableClosesConnectionsAndStopsListeningUntilEnabled() throws IOException {
        Proxy proxy = newProxy();
        String listen = proxy.getListen();
        Socket socket = connect(proxy);
        assertThat(roundTrip(socket, "warm")).isEqualTo("warm");

        proxy.disable();
        assertThat(proxy.isEnabled()).isFalse();
        assertClosed(socket);
        assertThatThrownBy(() -> connect(proxy)).isInstanceOf(ConnectException.class);

        proxy.enable();
        assertThat(proxy.isEnabled()).isTrue();
        assertThat(proxy.getListen()).isEqualTo(listen);
        assertThat(roundTrip(connect(proxy), "back")).isEqualTo("back");
    }

    @Test
    void resetEnablesProxiesAndRemovesToxics() throws IOException {
        Proxy proxy = newProxy();
        proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 1_000);
        proxy.toxics().timeout("cut", ToxicDirection.UPSTREAM, 0);
        proxy.disable();

        client.reset();

        assertThat(proxy.isEnabled()).isTrue();
        assertThat(client.getProxy(proxy.getName()).isEnabled()).isTrue();
        assertThat(proxy.toxics().getAll()).isEmpty();
        Socket socket = connect(proxy);
        assertThat(millisOf(() -> roundTrip(socket, "fast"))).as("a latency left on would take 1 000 ms").isLessThan(900);
    }

    // helpers

    private String uniqueName() {
        return "fencecheck_" + getClass().getSimpleName() + "_" + NAMES.incrementAndGet();
    }

    private Proxy newProxy() throws IOException {
        Proxy proxy = client.createProxy(uniqueName(), "127.0.0.1:0", echo.address());
        proxies.add(proxy);
        return proxy;
    }

    private Socket connect(Proxy proxy) throws IOException {
        String listen = proxy.getListen();
        int colon = listen.lastIndexOf(':');
        Socket socket = new Socket();
        sockets.add(socket);
        socket.connect(new InetSocketAddress(listen.substring(0, colon), Integer.parseInt(listen.substring(colon + 1))), WAIT_MILLIS);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(WAIT_MILLIS);
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads exactly {@code length} bytes. */
    private static String receive(Socket socket, int length) throws IOException {
        byte[] bytes = socket.getInputStream().readNBytes(length);
        if (bytes.length < length) {
            throw new EOFException("closed after " + bytes.length + " of " + length + " bytes");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String roundTrip(Socket socket, String text) throws IOException {
        send(socket, text);
        return receive(socket, text.getBytes(StandardCharsets.UTF_8).length);
    }

    /** Reads until the connection ends (FIN or RST) and returns what came before; a socket timeout fails. */
    private static byte[] readUntilClosed(Socket socket) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[1024];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            throw e;
        } catch (SocketException e) {
            // reset: closed as well
        }
        return received.toByteArray();
    }

    private static void assertClosed(Socket socket) throws IOException {
        readUntilClosed(socket);
    }

    /** Neither data nor a close arrives for a while. */
    private static void assertStalls(Socket socket) throws IOException {
        socket.setSoTimeout(STALL_MILLIS);
        assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
        socket.setSoTimeout(WAIT_MILLIS);
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private static long millisOf(IoAction action) throws IOException {
        long start = System.nanoTime();
        action.run();
        return millisSince(start);
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }

    private static void assertError(Answer answer, int status) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(status);
        assertThat(answer.json().get("status").asInt()).isEqualTo(status);
        assertThat(answer.json().get("error").asText()).isNotBlank();
    }

    /** An HTTP answer read off a plain socket. */
    private record Answer(int status, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    /** One HTTP/1.1 request to the API over a plain socket. */
    private Answer http(String method, String path, String body) throws IOException {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        String head = method + " " + path + " HTTP/1.1\r\n"
                + "Host: " + apiUrl().getHost() + ":" + apiUrl().getPort() + "\r\n"
                + "Connection: close\r\n"
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + content.length + "\r\n\r\n";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(apiUrl().getHost(), apiUrl().getPort()), WAIT_MILLIS);
            socket.setSoTimeout(WAIT_MILLIS);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(content);
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(response.split(" ", 3)[1]);
            int bodyStart = response.indexOf("\r\n\r\n");
            return new Answer(status, bodyStart < 0 ? "" : response.substring(bodyStart + 4));
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
