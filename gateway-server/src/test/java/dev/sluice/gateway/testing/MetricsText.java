package dev.sluice.gateway.testing;

import dev.sluice.gateway.SluiceGateway;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The gateway's {@code /metrics} page, in Prometheus' text format, as an operator's scraper reads it. */
public final class MetricsText {
    private MetricsText() {}

    public static String of(SluiceGateway gateway) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(
                                        "http://127.0.0.1:" + gateway.address().getPort() + "/metrics"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
