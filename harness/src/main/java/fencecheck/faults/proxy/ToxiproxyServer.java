package fencecheck.faults.proxy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import eu.rekawek.toxiproxy.ToxiproxyClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-JVM server speaking the Toxiproxy HTTP API (as of Toxiproxy 2.12),
 * enough for the official Java client to work against it unchanged.
 *
 * <p>The API listens on 127.0.0.1. Endpoints: {@code GET /version},
 * {@code POST /reset}, {@code GET|POST /proxies},
 * {@code GET|POST|PATCH|DELETE /proxies/{proxy}},
 * {@code GET|POST /proxies/{proxy}/toxics},
 * {@code GET|POST|PATCH|DELETE /proxies/{proxy}/toxics/{toxic}}. Statuses are
 * the real server's: 201 for a new proxy, 200 for a new toxic, 204 for
 * deletes and reset, 400 for bad input, 404 for an unknown proxy or toxic, 409
 * for a name in use, 500 when a listen address cannot be bound; errors are
 * always JSON {@code {"error": "...", "status": N}}.
 *
 * <p>Differences from the real server: a listen address with an empty host
 * binds the loopback address (not every interface); there is no
 * {@code /populate} and no {@code /metrics}; the toxics of a direction run one
 * after another on one thread rather than each in its own stage, which only
 * shows in the fine timing of several toxics combined. {@code toxicity} is
 * honoured as the real server does: whether a toxic applies is drawn once per
 * connection and direction when the toxic first meets the connection, and
 * again after each update.
 *
 * <p>All its threads are daemon or virtual threads: it never keeps a JVM alive.
 */
public final class ToxiproxyServer implements AutoCloseable {

    /** What {@code GET /version} reports. */
    public static final String VERSION = "2.12.0-fencecheck-in-jvm";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer http;
    private final ExecutorService handlers = Executors.newVirtualThreadPerTaskExecutor();
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, ProxyEndpoint> proxies = new TreeMap<>();
    private boolean closed;

    private ToxiproxyServer(HttpServer http) {
        this.http = http;
    }

    /** Starts a server with its API on a free port of 127.0.0.1. */
    public static ToxiproxyServer start() {
        return start(0);
    }

    /** Starts a server with its API on 127.0.0.1:{@code apiPort} (0: any free port). */
    public static ToxiproxyServer start(int apiPort) {
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), apiPort), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + apiPort + " for the Toxiproxy API: " + e.getMessage(), e);
        }
        ToxiproxyServer server = new ToxiproxyServer(http);
        http.createContext("/", server::handle);
        http.setExecutor(server.handlers);
        // the HTTP server's dispatcher thread inherits the daemon flag of the thread that starts it
        Thread starter = Thread.ofPlatform().daemon().name("toxiproxy-api-start").start(http::start);
        boolean interrupted = false;
        while (starter.isAlive()) {
            try {
                starter.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return server;
    }

    /** The host the API and, by default, the proxies listen on: {@code 127.0.0.1}. */
    public String host() {
        return http.getAddress().getAddress().getHostAddress();
    }

    public int apiPort() {
        return http.getAddress().getPort();
    }

    /** The API's base URL, e.g. {@code http://127.0.0.1:40123}. */
    public String apiUrl() {
        return "http://" + host() + ":" + apiPort();
    }

    /** A new official client for this server. */
    public ToxiproxyClient client() {
        return new ToxiproxyClient(host(), apiPort());
    }

    /** Closes every proxy connection and listener, then the API; idempotent. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            proxies.values().forEach(ProxyEndpoint::stop);
            proxies.clear();
        } finally {
            lock.unlock();
        }
        http.stop(0);
        handlers.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            Response response;
            try {
                byte[] body = exchange.getRequestBody().readAllBytes();
                List<String> path = Arrays.stream(exchange.getRequestURI().getPath().split("/", -1)).skip(1).toList();
                lock.lock();
                try {
                    response = route(exchange.getRequestMethod(), path, body);
                } finally {
                    lock.unlock();
                }
            } catch (ApiError e) {
                response = Response.json(e.status(), e.toJson());
            } catch (RuntimeException e) {
                response = Response.json(500, new ApiError(500, String.valueOf(e.getMessage())).toJson());
            }
            send(exchange, response);
        } catch (IOException e) {
            // the client went away
        }
    }

    private Response route(String method, List<String> path, byte[] body) throws ApiError {
        if (path.equals(List.of("version"))) {
            allow(method, "GET");
            return new Response(200, "application/json;charset=utf-8", "{\"version\": \"" + VERSION + "\"}\n");
        }
        if (path.equals(List.of("reset"))) {
            allow(method, "POST");
            reset();
            return Response.noContent();
        }
        if (path.isEmpty() || !path.get(0).equals("proxies") || path.contains("")
                || (path.size() >= 3 && !path.get(2).equals("toxics")) || path.size() > 4) {
            throw new ApiError(404, "not found");
        }
        return switch (path.size()) {
            case 1 -> switch (method) {
                case "GET" -> Response.json(200, proxyIndex());
                case "POST" -> Response.json(201, createProxy(object(body)));
                default -> throw methodNotAllowed();
            };
            case 2 -> switch (method) {
                case "GET" -> Response.json(200, proxy(path.get(1)).toJson());
                case "POST", "PATCH" -> Response.json(200, updateProxy(proxy(path.get(1)), object(body)));
                case "DELETE" -> {
                    proxy(path.get(1)).stop();
                    proxies.remove(path.get(1));
                    yield Response.noContent();
                }
                default -> throw methodNotAllowed();
            };
            case 3 -> switch (method) {
                case "GET" -> Response.json(200, toxicIndex(proxy(path.get(1))));
                case "POST" -> Response.json(200, createToxic(proxy(path.get(1)), object(body)));
                default -> throw methodNotAllowed();
            };
            default -> switch (method) {
                case "GET" -> Response.json(200, toxic(proxy(path.get(1)), path.get(3)).toJson());
                case "POST", "PATCH" -> Response.json(200, updateToxic(proxy(path.get(1)), path.get(3), object(body)));
                case "DELETE" -> {
                    proxy(path.get(1)).removeToxic(path.get(3));
                    yield Response.noContent();
                }
                default -> throw methodNotAllowed();
            };
        };
    }

    private void reset() throws ApiError {
        for (ProxyEndpoint proxy : proxies.values()) {
            proxy.start();
            proxy.removeAllToxics();
        }
    }

    private ObjectNode proxyIndex() {
        ObjectNode index = JSON.createObjectNode();
        proxies.forEach((name, proxy) -> index.set(name, proxy.toJson()));
        return index;
    }

    private ObjectNode createProxy(JsonNode input) throws ApiError {
        String name = text(input, "name", "");
        String listen = text(input, "listen", "");
        String upstream = text(input, "upstream", "");
        boolean enabled = bool(input, "enabled", true);
        if (name.isEmpty()) {
            throw ApiError.missingField("name");
        }
        if (upstream.isEmpty()) {
            throw ApiError.missingField("upstream");
        }
        if (proxies.containsKey(name)) {
            throw ApiError.proxyAlreadyExists();
        }
        ProxyEndpoint proxy = new ProxyEndpoint(name, listen, upstream);
        if (enabled) {
            proxy.start();
        }
        proxies.put(name, proxy);
        return proxy.toJson();
    }

    private ObjectNode updateProxy(ProxyEndpoint proxy, JsonNode input) throws ApiError {
        proxy.update(
                text(input, "listen", proxy.listen()),
                text(input, "upstream", proxy.upstream()),
                bool(input, "enabled", proxy.enabled()));
        return proxy.toJson();
    }

    private ArrayNode toxicIndex(ProxyEndpoint proxy) {
        ArrayNode index = JSON.createArrayNode();
        proxy.allToxics().forEach(toxic -> index.add(toxic.toJson()));
        return index;
    }

    private ObjectNode createToxic(ProxyEndpoint proxy, JsonNode input) throws ApiError {
        String streamName = text(input, "stream", "downstream");
        Direction stream = Direction.parse(streamName);
        String typeName = text(input, "type", "");
        String name = text(input, "name", "");
        if (name.isEmpty()) {
            name = typeName + "_" + streamName;
        }
        ToxicType type = ToxicType.byWireName(typeName).orElseThrow(ApiError::invalidToxicType);
        if (proxy.toxic(name) != null) {
            throw ApiError.toxicAlreadyExists();
        }
        Toxic toxic = Toxic.create(name, type, stream, number(input, "toxicity", 1.0f), attributes(input, type));
        proxy.addToxic(toxic);
        return toxic.toJson();
    }

    private ObjectNode updateToxic(ProxyEndpoint proxy, String name, JsonNode input) throws ApiError {
        Toxic toxic = toxic(proxy, name);
        return proxy.updateToxic(name, number(input, "toxicity", toxic.toxicity()), attributes(input, toxic.type())).toJson();
    }

    private ProxyEndpoint proxy(String name) throws ApiError {
        ProxyEndpoint proxy = proxies.get(name);
        if (proxy == null) {
            throw ApiError.proxyNotFound();
        }
        return proxy;
    }

    private static Toxic toxic(ProxyEndpoint proxy, String name) throws ApiError {
        Toxic toxic = proxy.toxic(name);
        if (toxic == null) {
            throw ApiError.toxicNotFound();
        }
        return toxic;
    }

    private static void allow(String method, String allowed) throws ApiError {
        if (!method.equals(allowed)) {
            throw methodNotAllowed();
        }
    }

    private static ApiError methodNotAllowed() {
        return new ApiError(405, "method not allowed");
    }

    private static JsonNode object(byte[] body) throws ApiError {
        JsonNode node;
        try {
            node = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw ApiError.badRequestBody(e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiError.badRequestBody(String.valueOf(e.getMessage()));
        }
        if (node == null || node.isMissingNode()) {
            throw ApiError.badRequestBody("EOF");
        }
        if (!node.isObject()) {
            throw ApiError.badRequestBody("expected a JSON object");
        }
        return node;
    }

    private static String text(JsonNode input, String field, String absent) throws ApiError {
        JsonNode value = input.get(field);
        if (value == null || value.isNull()) {
            return absent;
        }
        if (!value.isTextual()) {
            throw ApiError.badRequestBody(field + " must be a string");
        }
        return value.textValue();
    }

    private static boolean bool(JsonNode input, String field, boolean absent) throws ApiError {
        JsonNode value = input.get(field);
        if (value == null || value.isNull()) {
            return absent;
        }
        if (!value.isBoolean()) {
            throw ApiError.badRequestBody(field + " must be a boolean");
        }
        return value.booleanValue();
    }

    private static float number(JsonNode input, String field, float absent) throws ApiError {
        JsonNode value = input.get(field);
        if (value == null || value.isNull()) {
            return absent;
        }
        if (!value.isNumber()) {
            throw ApiError.badRequestBody(field + " must be a number");
        }
        return value.floatValue();
    }

    /** The attributes given for a toxic of that type; unknown ones are ignored, as by the real server. */
    private static Map<String, Long> attributes(JsonNode input, ToxicType type) throws ApiError {
        JsonNode attributes = input.get("attributes");
        Map<String, Long> given = new HashMap<>();
        if (attributes == null || attributes.isNull()) {
            return given;
        }
        if (!attributes.isObject()) {
            throw ApiError.badRequestBody("attributes must be an object");
        }
        for (String attribute : type.attributeNames()) {
            JsonNode value = attributes.get(attribute);
            if (value == null || value.isNull()) {
                continue;
            }
            if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                throw ApiError.badRequestBody("attribute " + attribute + " must be an integer");
            }
            given.put(attribute, value.longValue());
        }
        return given;
    }

    private static void send(HttpExchange exchange, Response response) throws IOException {
        if (response.body() == null) {
            exchange.sendResponseHeaders(response.status(), -1);
            return;
        }
        byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        exchange.sendResponseHeaders(response.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** A status and, unless {@code body} is null, a body. */
    private record Response(int status, String contentType, String body) {

        static Response json(int status, JsonNode body) {
            return new Response(status, "application/json", body.toString());
        }

        static Response noContent() {
            return new Response(204, null, null);
        }
    }
}
