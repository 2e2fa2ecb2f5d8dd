package fencecheck.faults.proxy;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Starting and stopping the in-JVM server. */
class ToxiproxyServerTest {

    @Test
    void startsOnTheGivenPortAndCloseReleasesEverything() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (EchoServer echo = new EchoServer()) {
            ToxiproxyServer server = ToxiproxyServer.start(port);
            Socket socket = new Socket();
            try {
                assertThat(server.apiPort()).isEqualTo(port);
                assertThat(server.apiUrl()).isEqualTo("http://127.0.0.1:" + port);
                ToxiproxyClient client = server.client();
                assertThat(client.version()).contains(ToxiproxyServer.VERSION);
                Proxy proxy = client.createProxy("closing", "127.0.0.1:0", echo.address());
                int proxyPort = Integer.parseInt(proxy.getListen().substring(proxy.getListen().lastIndexOf(':') + 1));
                socket.connect(new InetSocketAddress("127.0.0.1", proxyPort), 2_000);
                socket.setSoTimeout(2_000);

                server.close();

                assertThat(readUntilClosed(socket)).isTrue();
                assertThatThrownBy(() -> new Socket("127.0.0.1", proxyPort).close()).isInstanceOf(ConnectException.class);
                assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
            } finally {
                socket.close();
                server.close();
            }
        }
    }

    @Test
    void runsOnDaemonThreadsOnly() {
        try (ToxiproxyServer server = ToxiproxyServer.start()) {
            assertThat(server.apiPort()).isPositive();
            assertThat(Thread.getAllStackTraces().keySet())
                    .filteredOn(thread -> thread.getName().startsWith("HTTP-Dispatcher"))
                    .isNotEmpty()
                    .allMatch(Thread::isDaemon);
        }
    }

    private static boolean readUntilClosed(Socket socket) throws IOException {
        try {
            while (socket.getInputStream().read() >= 0) {
                // drain
            }
        } catch (SocketException e) {
            // reset
        }
        return true;
    }
}
