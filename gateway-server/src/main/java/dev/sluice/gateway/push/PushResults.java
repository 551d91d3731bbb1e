package dev.sluice.gateway.push;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.jspecify.annotations.Nullable;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/** The results the endpoint expects, by result id; thread-safe. */
public final class PushResults {
    private final ConcurrentHashMap<Long, PushedResult<?>> results = new ConcurrentHashMap<>();
    // ids only pick a result; the secret is what proves the right to deliver it
    private final AtomicLong nextId = new AtomicLong(1);
    private final SecureRandom random = new SecureRandom();
    private final long maxBufferedBytes;
    private final Duration lostConnectionTimeout;
    private final Clock wallClock;
    private final LongSupplier nanoClock;
    private final PushBufferStats bufferStats = new PushBufferStats();
    private final LongAdder refusedConnections = new LongAdder();

    /**
     * @param wallClock when a result's end arrived, as a moment ({@link PushedResult#endArrival})
     * @param nanoClock the monotonic time of the results' deadlines and arrivals
     */
    PushResults(long maxBufferedBytes, Duration lostConnectionTimeout, Clock wallClock, LongSupplier nanoClock) {
        this.maxBufferedBytes = maxBufferedBytes;
        this.lostConnectionTimeout = requireNonNull(lostConnectionTimeout, "lostConnectionTimeout is null");
        this.wallClock = requireNonNull(wallClock, "wallClock is null");
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    PushResults(ResultConfig config) {
        this(config.maxBufferedBytes(), config.lostConnectionTimeout(), Clock.systemUTC(), System::nanoTime);
    }

    /**
     * Expects a new result, whose rows are read with {@code serializer} (for a query, a {@code RowDataSerializer} of
     * its row type). Its ticket goes to the sink; {@link PushedResult#close} forgets it again.
     */
    public <T> PushedResult<T> register(TypeSerializer<T> serializer) {
        long id = nextId.getAndIncrement();
        PushTicket ticket = PushTicket.issue(id, random);
        PushedResult<T> result = new PushedResult<>(
                ticket,
                serializer,
                maxBufferedBytes,
                lostConnectionTimeout,
                wallClock,
                nanoClock,
                bufferStats,
                () -> results.remove(id));
        results.put(id, result);
        return result;
    }

    @Nullable
    PushedResult<?> find(long resultId) {
        return results.get(resultId);
    }

    /** What the open results hold in the gateway's heap. */
    /** Counts a connection to the endpoint that was refused (unknown result, wrong secret, bad hello). */
    void refused() {
        refusedConnections.increment();
    }

    /** Connections to the endpoint refused since start. */
    public long refusedConnections() {
        return refusedConnections.sum();
    }

    public PushBufferStats bufferStats() {
        return bufferStats;
    }

    /** Results registered and not yet closed. */
    public int size() {
        return results.size();
    }
}
