package fencecheck.faults.proxy;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.net.URI;

/** The contract against the in-JVM {@link ToxiproxyServer}. */
class InJvmToxiproxyTest extends ToxiproxyContract {

    private ToxiproxyServer server;

    @BeforeAll
    void startServer() {
        server = ToxiproxyServer.start();
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected URI apiUrl() {
        return URI.create(server.apiUrl());
    }
}
