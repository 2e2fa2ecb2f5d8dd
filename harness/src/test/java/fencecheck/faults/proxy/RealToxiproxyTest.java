package fencecheck.faults.proxy;

import org.junit.jupiter.api.BeforeAll;

import java.net.URI;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The contract against a real Toxiproxy on this machine, given by
 * {@code -Dfencecheck.toxiproxy.url=http://127.0.0.1:8474} or
 * {@code FENCECHECK_TOXIPROXY_URL}; each test is skipped, saying so, when
 * neither is set. A configured server that does not answer fails the class.
 */
class RealToxiproxyTest extends ToxiproxyContract {

    private static final String NOT_CONFIGURED = "no real Toxiproxy configured: set -D" + FaultProxies.URL_PROPERTY
            + "=http://127.0.0.1:8474 or " + FaultProxies.URL_ENV + " to run this contract against one";

    private URI api;

    @BeforeAll
    void findRealServer() {
        if (FaultProxies.configuredUrl().isPresent()) {
            api = URI.create(FaultProxies.server().apiUrl());
        }
    }

    @Override
    protected URI apiUrl() {
        assumeTrue(api != null, NOT_CONFIGURED);
        return api;
    }
}
