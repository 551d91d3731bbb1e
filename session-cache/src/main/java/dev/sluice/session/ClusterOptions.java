package dev.sluice.session;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options that declare the session clusters a gateway serves; reference: docs/configuration.md. */
public final class ClusterOptions {
    /** Prefix of the per-cluster options: {@code sluice.cluster.<name>.<option>}. */
    public static final String CLUSTER_PREFIX = "sluice.cluster.";

    public static final ConfigOption<List<String>> CLUSTERS = key("sluice.clusters")
            .stringType()
            .asList()
            .defaultValues("embedded")
            .withDescription("Names of the session clusters, in order; the first is the default for connections that"
                    + " name none. Each is described by sluice.cluster.<name>.type and, for remote clusters,"
                    + " sluice.cluster.<name>.rest-address.");

    /** Per-cluster: {@code sluice.cluster.<name>.type}. */
    public static ConfigOption<ClusterKind> type(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".type")
                .enumType(ClusterKind.class)
                .defaultValue(ClusterKind.EMBEDDED)
                .withDescription("EMBEDDED starts a Flink MiniCluster inside the gateway; REMOTE uses a running session"
                        + " cluster at rest-address.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.rest-address}, as {@code host:port}. */
    public static ConfigOption<String> restAddress(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".rest-address")
                .stringType()
                .noDefaultValue()
                .withDescription("host:port of the JobManager's REST endpoint of a REMOTE cluster.");
    }

    /** Names of the per-cluster option suffixes, for validating keys under {@link #CLUSTER_PREFIX}. */
    public static final List<String> PER_CLUSTER_SUFFIXES = List.of("type", "rest-address");

    private ClusterOptions() {}
}
