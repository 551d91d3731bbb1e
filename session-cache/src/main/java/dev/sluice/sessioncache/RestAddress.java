package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;

/**
 * Where a cluster's REST endpoint is: at a fixed address, or wherever the cluster's high-availability service says
 * its leading JobManager is. Either way a REST cluster client is built from the options {@link #applyTo} writes; a
 * client of a high-availability cluster keeps one leader retriever that follows changes of leader, so every caller
 * that shares the client follows them too.
 *
 * <p>A Kubernetes variant (Flink's {@code high-availability.type: kubernetes}, leader in a ConfigMap) would be one
 * more implementation with its own {@link ClusterKind} and options; nothing else changes.
 */
public sealed interface RestAddress permits FixedRestAddress, ZooKeeperRestAddress {
    /**
     * Writes the options from which a REST cluster client finds this endpoint into {@code clientConfiguration},
     * replacing any the configuration had: Flink's global options must not redirect one cluster's client to another.
     */
    void applyTo(Configuration clientConfiguration);

    /** For logs and error messages, e.g. {@code jm:8081}. */
    @Override
    String toString();
}
