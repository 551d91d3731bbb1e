package dev.sluice.bench.tls;

import java.time.Duration;

/**
 * What one cell measured.
 *
 * @param requests requests completed in the measured phase
 * @param payloadBytes bytes of result values read (the response bodies are a little larger)
 * @param elapsed length of the measured phase
 * @param p50 median latency
 * @param p99 99th percentile latency
 * @param gatewayCpu CPU time of the gateway's JVM in the measured phase
 * @param clientCpu CPU time of this JVM (the driver) in the measured phase
 */
record CellResult(
        long requests,
        long payloadBytes,
        Duration elapsed,
        Duration p50,
        Duration p99,
        Duration gatewayCpu,
        Duration clientCpu) {
    double requestsPerSecond() {
        return requests / seconds(elapsed);
    }

    double megabytesPerSecond() {
        return payloadBytes / 1e6 / seconds(elapsed);
    }

    /** CPU seconds per GB of payload, gateway and driver together. */
    double cpuSecondsPerGigabyte() {
        return payloadBytes == 0 ? Double.NaN : seconds(gatewayCpu.plus(clientCpu)) / (payloadBytes / 1e9);
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
