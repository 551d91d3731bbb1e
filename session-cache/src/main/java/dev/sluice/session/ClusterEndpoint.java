package dev.sluice.session;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;

import static java.util.Objects.requireNonNull;

/**
 * A session cluster that is up and reachable: its name, kind and the REST address jobs are submitted to.
 *
 * <p>Embedded and remote clusters are both reached through REST, so the embedded default runs the same submission
 * path as a production cluster.
 */
public record ClusterEndpoint(String name, ClusterKind kind, HostAndPort restAddress) {
    public ClusterEndpoint {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(restAddress, "restAddress is null");
    }

    /** Returns {@code base} plus the address of this cluster's REST endpoint, for a REST cluster client. */
    public Configuration restConfiguration(Configuration base) {
        Configuration configuration = new Configuration(base);
        configuration.set(RestOptions.ADDRESS, restAddress.host());
        configuration.set(RestOptions.PORT, restAddress.port());
        return configuration;
    }
}
