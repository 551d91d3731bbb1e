package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;

import static java.util.Objects.requireNonNull;

/**
 * A session cluster the gateway serves: its name, kind and where its REST endpoint is, to which jobs are submitted.
 *
 * <p>Embedded and remote clusters are all reached through REST, so the embedded default runs the same submission
 * path as a production cluster. A ZOOKEEPER cluster's endpoint is whichever JobManager leads it; the REST cluster
 * client built from {@link #restConfiguration} finds and follows it.
 */
public record ClusterEndpoint(String name, ClusterKind kind, RestAddress restAddress) {
    public ClusterEndpoint {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        requireNonNull(restAddress, "restAddress is null");
        boolean highAvailability = restAddress instanceof ZooKeeperRestAddress;
        if (highAvailability != (kind == ClusterKind.ZOOKEEPER)) {
            throw new IllegalArgumentException(
                    "Cluster '" + name + "' of kind " + kind + " cannot have its REST endpoint at " + restAddress);
        }
    }

    /** An EMBEDDED or REMOTE cluster whose REST endpoint listens at {@code restAddress}. */
    public ClusterEndpoint(String name, ClusterKind kind, HostAndPort restAddress) {
        this(name, kind, new FixedRestAddress(restAddress));
    }

    /**
     * Returns {@code base} plus the options from which a REST cluster client finds this cluster's endpoint: its
     * address, or its high-availability settings. This is the one place a cluster's client configuration comes from.
     */
    public Configuration restConfiguration(Configuration base) {
        Configuration configuration = new Configuration(base);
        restAddress.applyTo(configuration);
        return configuration;
    }
}
