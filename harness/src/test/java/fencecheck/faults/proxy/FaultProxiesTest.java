package fencecheck.faults.proxy;

import eu.rekawek.toxiproxy.Proxy;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How the harness's Toxiproxy server is chosen. */
class FaultProxiesTest {

    private static final UnaryOperator<String> NOTHING = key -> null;

    @Test
    void theInJvmServerByDefault() throws IOException {
        FaultProxyServer server = FaultProxies.choose(NOTHING, NOTHING, () -> false);

        assertThat(server.kind()).isEqualTo(FaultProxyServer.Kind.IN_JVM);
        assertThat(server.description()).startsWith("in-JVM Toxiproxy server at http://127.0.0.1:");
        assertThat(server.client().version()).isEqualTo(
                "{\"version\": \"" + ToxiproxyServer.VERSION + "\"}");
        try (EchoServer echo = new EchoServer()) {
            Proxy proxy = server.createProxy("chosen", "127.0.0.1", echo.port());
            InetSocketAddress address = server.connectAddress(proxy);
            try (Socket socket = new Socket()) {
                socket.connect(address, 2_000);
                socket.setSoTimeout(2_000);
                socket.getOutputStream().write("hi".getBytes(StandardCharsets.UTF_8));
                assertThat(new String(socket.getInputStream().readNBytes(2), StandardCharsets.UTF_8)).isEqualTo("hi");
            }
            proxy.delete();
        }
    }

    @Test
    void aReachableUrlFromThePropertyOrTheEnvironment() {
        try (ToxiproxyServer running = ToxiproxyServer.start()) {
            FaultProxyServer byProperty = FaultProxies.choose(
                    Map.of(FaultProxies.URL_PROPERTY, running.apiUrl())::get, NOTHING, () -> false);
            assertThat(byProperty.kind()).isEqualTo(FaultProxyServer.Kind.URL);
            assertThat(byProperty.apiUrl()).isEqualTo(running.apiUrl());

            FaultProxyServer byEnvironment = FaultProxies.choose(
                    NOTHING, Map.of(FaultProxies.URL_ENV, running.apiUrl() + "/")::get, () -> false);
            assertThat(byEnvironment.kind()).isEqualTo(FaultProxyServer.Kind.URL);
            assertThat(byEnvironment.apiUrl()).isEqualTo(running.apiUrl());
        }
    }

    @Test
    void anUnreachableUrlFailsWithOneLine() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        String url = "http://127.0.0.1:" + closedPort;

        assertThatThrownBy(() -> FaultProxies.choose(Map.of(FaultProxies.URL_PROPERTY, url)::get, NOTHING, () -> true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(url)
                .hasMessageContaining("not reachable")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aContainerWithoutDockerFailsWithOneLine() {
        assertThatThrownBy(() -> FaultProxies.choose(Map.of(FaultProxies.MODE_PROPERTY, "container")::get, NOTHING, () -> false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Docker")
                .hasMessageNotContaining("\n");
    }

    @Test
    void anUnknownModeFails() {
        assertThatThrownBy(() -> FaultProxies.choose(Map.of(FaultProxies.MODE_PROPERTY, "cloud")::get, NOTHING, () -> false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cloud");
    }
}
