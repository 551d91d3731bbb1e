package dev.sluice.gateway.http;

import java.net.InetAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the gateway port's TCP connections and HTTP requests, read by the metrics. Thread-safe: event loops
 * write, scrapes read.
 */
public final class ConnectionStats {
    private final LongAdder accepted = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder requests = new LongAdder();
    private final LongAdder handshakesSucceeded = new LongAdder();
    private final LongAdder handshakesFailed = new LongAdder();
    private final LongAdder silentClosed = new LongAdder();
    private final ConcurrentHashMap<InetAddress, AtomicInteger> openByAddress = new ConcurrentHashMap<>();

    /** Records an accepted connection; returns how many are open now, this one included. */
    int opened() {
        accepted.increment();
        return open.incrementAndGet();
    }

    void closed() {
        open.decrementAndGet();
    }

    /** Records an accepted connection from {@code address}; returns how many are open from it now, this one included. */
    int openedFrom(InetAddress address) {
        return openByAddress
                .computeIfAbsent(address, key -> new AtomicInteger())
                .incrementAndGet();
    }

    void closedFrom(InetAddress address) {
        openByAddress.computeIfPresent(address, (key, count) -> count.decrementAndGet() == 0 ? null : count);
    }

    void silentClosed() {
        silentClosed.increment();
    }

    /** Connections closed because they sent no request within {@code sluice.server.first-request-timeout}. */
    public long silentClosedConnections() {
        return silentClosed.sum();
    }

    void refused() {
        refused.increment();
    }

    void request() {
        requests.increment();
    }

    void handshake(boolean succeeded) {
        (succeeded ? handshakesSucceeded : handshakesFailed).increment();
    }

    /** TCP connections accepted since start. */
    public long acceptedConnections() {
        return accepted.sum();
    }

    /**
     * Connections beyond {@code sluice.server.max-connections} or {@code sluice.server.max-connections-per-address},
     * answered 503 and closed.
     */
    public long refusedConnections() {
        return refused.sum();
    }

    /** TCP connections open now. */
    public int openConnections() {
        return open.get();
    }

    /** HTTP requests received since start, every method and path. */
    public long requests() {
        return requests.sum();
    }

    /** TLS handshakes that completed. */
    public long tlsHandshakesSucceeded() {
        return handshakesSucceeded.sum();
    }

    /** TLS handshakes that failed, plaintext clients on the TLS port included. */
    public long tlsHandshakesFailed() {
        return handshakesFailed.sum();
    }
}
