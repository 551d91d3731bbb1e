package dev.sluice.session;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many of the expensive client-side objects were created per cluster: cluster descriptors (cache entries),
 * REST cluster clients and leader retrievers. With reuse on each stays at one per cluster; with reuse off they grow
 * per query. Thread-safe.
 */
public final class ClusterClientStats {
    private final Map<String, LongAdder> descriptors = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> clients = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> leaderRetrievers = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> closedClients = new ConcurrentHashMap<>();

    void descriptorCreated(String cluster) {
        increment(descriptors, cluster);
    }

    void clientCreated(String cluster) {
        increment(clients, cluster);
    }

    void leaderRetrieverCreated(String cluster) {
        increment(leaderRetrievers, cluster);
    }

    void clientClosed(String cluster) {
        increment(closedClients, cluster);
    }

    public long descriptorsCreated(String cluster) {
        return count(descriptors, cluster);
    }

    public long clientsCreated(String cluster) {
        return count(clients, cluster);
    }

    public long leaderRetrieversCreated(String cluster) {
        return count(leaderRetrievers, cluster);
    }

    /** Shared clients closed (evicted when idle, or at shutdown); per-call clients are closed by their callers. */
    public long clientsClosed(String cluster) {
        return count(closedClients, cluster);
    }

    private static void increment(Map<String, LongAdder> counters, String cluster) {
        counters.computeIfAbsent(cluster, name -> new LongAdder()).increment();
    }

    private static long count(Map<String, LongAdder> counters, String cluster) {
        LongAdder counter = counters.get(cluster);
        return counter == null ? 0 : counter.sum();
    }
}
