package fencecheck.db.cluster;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The failover command of the tests, run in a JVM of its own as a user's command would be: it asks
 * {@link PairFailoverEndpoint} for a failover and exits 0 once the request is accepted.
 */
public final class RequestFailover {

    private RequestFailover() {
    }

    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(args[0])).timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        System.out.println("failover requested at " + args[0] + ": HTTP " + answer.statusCode());
        System.exit(answer.statusCode() == 202 ? 0 : 1);
    }
}
