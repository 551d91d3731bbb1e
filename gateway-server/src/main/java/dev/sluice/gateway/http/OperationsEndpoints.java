package dev.sluice.gateway.http;

import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * What the gateway's operator endpoints answer with.
 *
 * @param metrics the body of {@code GET /metrics} (Prometheus text format); cheap, read on the event loop
 * @param liveness the answer of {@code GET /health}; cheap, read on the event loop
 * @param readiness the answer of {@code GET /ready}; may ask the clusters, so it runs on the RPC executor
 * @param pages the web page at {@code /ui/} and the JSON API under {@code /api/}
 */
public record OperationsEndpoints(
        Supplier<byte[]> metrics, Supplier<Probe> liveness, Supplier<Probe> readiness, WebPages pages) {
    public OperationsEndpoints {
        requireNonNull(metrics, "metrics is null");
        requireNonNull(liveness, "liveness is null");
        requireNonNull(readiness, "readiness is null");
        requireNonNull(pages, "pages is null");
    }
}
