package dev.sluice.sessioncache;

import dev.sluice.sessioncache.rest.JobManagerConnectionPool;

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
    private final Map<String, LongAdder> restConnectionsOpened = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> restConnectionsOpen = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> restRequests = new ConcurrentHashMap<>();

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

    /** The listener of one cluster's pooled REST connections. */
    JobManagerConnectionPool.ConnectionEvents restConnectionEvents(String cluster) {
        LongAdder opened = restConnectionsOpened.computeIfAbsent(cluster, name -> new LongAdder());
        LongAdder open = restConnectionsOpen.computeIfAbsent(cluster, name -> new LongAdder());
        LongAdder requests = restRequests.computeIfAbsent(cluster, name -> new LongAdder());
        return new JobManagerConnectionPool.ConnectionEvents() {
            @Override
            public void opened() {
                opened.increment();
                open.increment();
            }

            @Override
            public void closed() {
                open.decrement();
            }

            @Override
            public void requestSent() {
                requests.increment();
            }
        };
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

    /** TCP connections the pooled REST transport opened to the cluster's JobManagers, ever. */
    public long restConnectionsOpened(String cluster) {
        return count(restConnectionsOpened, cluster);
    }

    /** Requests the pooled REST transport sent to the cluster's JobManagers, ever. */
    public long restRequests(String cluster) {
        return count(restRequests, cluster);
    }

    /** TCP connections of the pooled REST transport open now. */
    public long restConnectionsOpen(String cluster) {
        return count(restConnectionsOpen, cluster);
    }

    private static void increment(Map<String, LongAdder> counters, String cluster) {
        counters.computeIfAbsent(cluster, name -> new LongAdder()).increment();
    }

    private static long count(Map<String, LongAdder> counters, String cluster) {
        LongAdder counter = counters.get(cluster);
        return counter == null ? 0 : counter.sum();
    }
}
