package fencecheck.faults.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A TCP server on 127.0.0.1 that sends back whatever it receives and closes when its client does. */
final class EchoServer implements AutoCloseable {

    private final ServerSocket listener;
    private final Set<Socket> accepted = ConcurrentHashMap.newKeySet();

    EchoServer() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("echo-accept").start(this::acceptLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** {@code 127.0.0.1:port}, as an upstream for a proxy. */
    String address() {
        return "127.0.0.1:" + port();
    }

    private void acceptLoop() {
        while (true) {
            try {
                Socket socket = listener.accept();
                accepted.add(socket);
                Thread.ofVirtual().name("echo").start(() -> echo(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void echo(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // the client went away
        } finally {
            accepted.remove(socket);
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : accepted) {
            socket.close();
        }
    }
}
