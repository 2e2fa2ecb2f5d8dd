package fencecheck.faults.proxy;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import fencecheck.db.LibraryLogs;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ToxiproxyContainer;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * Chooses, once per JVM, the Toxiproxy server the harness drives:
 * <ol>
 * <li>a real Toxiproxy at the URL in the system property
 * {@value #URL_PROPERTY} or the environment variable {@value #URL_ENV}
 * (it must answer, or this fails with one line saying so);</li>
 * <li>with {@code -D}{@value #MODE_PROPERTY}{@code =container}, Toxiproxy
 * ({@value #CONTAINER_IMAGE}) in a container started by Testcontainers, which
 * needs Docker (without it this fails with one line saying so);</li>
 * <li>otherwise ({@value #MODE_PROPERTY} unset or {@code in-jvm}) the in-JVM
 * {@link ToxiproxyServer}.</li>
 * </ol>
 */
public final class FaultProxies {

    public static final String URL_PROPERTY = "fencecheck.toxiproxy.url";
    public static final String URL_ENV = "FENCECHECK_TOXIPROXY_URL";
    public static final String MODE_PROPERTY = "fencecheck.toxiproxy";
    public static final String CONTAINER_IMAGE = "ghcr.io/shopify/toxiproxy:2.12.0";

    private static final int DEFAULT_API_PORT = 8474;
    private static final int PROBE_TIMEOUT_MILLIS = 3_000;

    private static FaultProxyServer chosen;

    private FaultProxies() {
    }

    /** The server for this JVM, chosen and started on first use. */
    public static synchronized FaultProxyServer server() {
        if (chosen == null) {
            chosen = choose(System::getProperty, System::getenv, FaultProxies::dockerAvailable);
        }
        return chosen;
    }

    /**
     * Checks what the settings ask for without starting anything: a configured Toxiproxy answers, the
     * mode is known, and a container mode has Docker. Throws with one line when not.
     */
    public static void checkSettings() {
        Optional<String> url = configuredUrl();
        if (url.isPresent()) {
            reachable(url.get());
        } else if (mode(System::getProperty).equals("container")) {
            requireDocker(FaultProxies::dockerAvailable);
        }
    }

    /** A new official client for {@link #server()}. */
    public static ToxiproxyClient client() {
        return server().client();
    }

    /** The URL of a real Toxiproxy, when one is configured. */
    public static Optional<String> configuredUrl() {
        return configuredUrl(System::getProperty, System::getenv);
    }

    static Optional<String> configuredUrl(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        String url = properties.apply(URL_PROPERTY);
        if (url == null || url.isBlank()) {
            url = environment.apply(URL_ENV);
        }
        return url == null || url.isBlank() ? Optional.empty() : Optional.of(url.strip());
    }

    static FaultProxyServer choose(UnaryOperator<String> properties, UnaryOperator<String> environment, BooleanSupplier docker) {
        Optional<String> url = configuredUrl(properties, environment);
        if (url.isPresent()) {
            return FaultProxyServer.atUrl(reachable(url.get()));
        }
        return switch (mode(properties)) {
            case "container" -> FaultProxyServer.inContainer(startContainer(docker));
            default -> FaultProxyServer.inJvm(ToxiproxyServer.start());
        };
    }

    /** The mode asked for: {@code container} or {@code in-jvm} (also when unset); anything else is refused in one line. */
    private static String mode(UnaryOperator<String> properties) {
        String mode = properties.apply(MODE_PROPERTY);
        mode = mode == null || mode.isBlank() ? "in-jvm" : mode.strip();
        if (!mode.equals("container") && !mode.equals("in-jvm")) {
            throw new IllegalArgumentException(MODE_PROPERTY + " must be 'container' or 'in-jvm', not '" + mode + "'");
        }
        return mode;
    }

    private static void requireDocker(BooleanSupplier docker) {
        if (!docker.getAsBoolean()) {
            throw new IllegalStateException(MODE_PROPERTY + "=container needs Docker, which is not available here; "
                    + "unset " + MODE_PROPERTY + " to use the in-JVM Toxiproxy server");
        }
    }

    /** The URL parsed, once {@code GET /version} answers there. */
    private static URI reachable(String url) {
        URI api;
        try {
            api = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (IllegalArgumentException e) {
            api = null;
        }
        if (api == null || api.getHost() == null
                || !("http".equals(api.getScheme()) || "https".equals(api.getScheme()))) {
            throw new IllegalArgumentException(
                    "Toxiproxy URL '" + url + "' (" + URL_PROPERTY + " / " + URL_ENV + ") is not like http://127.0.0.1:8474");
        }
        if (api.getPort() < 0) {
            api = URI.create(api.getScheme() + "://" + api.getHost() + ":" + DEFAULT_API_PORT);
        }
        String problem;
        try {
            HttpURLConnection connection = (HttpURLConnection) api.resolve("/version").toURL().openConnection();
            connection.setConnectTimeout(PROBE_TIMEOUT_MILLIS);
            connection.setReadTimeout(PROBE_TIMEOUT_MILLIS);
            int status = connection.getResponseCode();
            connection.disconnect();
            if (status == 200) {
                return api;
            }
            problem = "GET /version answered HTTP " + status;
        } catch (IOException e) {
            problem = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage()));
        }
        throw new IllegalStateException("Toxiproxy at " + api + " (" + URL_PROPERTY + " / " + URL_ENV
                + ") is not reachable (" + problem + "); start it, or unset both to use the in-JVM server");
    }

    private static ToxiproxyContainer startContainer(BooleanSupplier docker) {
        requireDocker(docker);
        ToxiproxyContainer container = new ToxiproxyContainer(DockerImageName.parse(CONTAINER_IMAGE)).withAccessToHost(true);
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("could not start the Toxiproxy container " + CONTAINER_IMAGE + ": "
                    + firstLine(String.valueOf(e.getMessage())), e);
        }
        return container;
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }

    private static boolean dockerAvailable() {
        LibraryLogs.quiet();
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            return false;
        }
    }
}
