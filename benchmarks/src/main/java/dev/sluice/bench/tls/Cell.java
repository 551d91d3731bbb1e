package dev.sluice.bench.tls;

/**
 * One measurement: a response size, a transport, a concurrency and keep-alive or a connection per request.
 *
 * @param responseBytes approximate size of one response's values
 */
record Cell(Provider provider, int responseBytes, int concurrency, boolean keepAlive) {
    String mode() {
        return keepAlive ? "keep-alive" : "new connection";
    }
}
