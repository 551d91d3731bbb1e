package dev.sluice.sessioncache;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.HighAvailabilityOptions;

import java.util.ArrayList;
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
                    + " name none. Each is described by sluice.cluster.<name>.type and the options of its type:"
                    + " sluice.cluster.<name>.rest-address for REMOTE, sluice.cluster.<name>.zookeeper.* for"
                    + " ZOOKEEPER.");

    /** Per-cluster: {@code sluice.cluster.<name>.type}. */
    public static ConfigOption<ClusterKind> type(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".type")
                .enumType(ClusterKind.class)
                .defaultValue(ClusterKind.EMBEDDED)
                .withDescription("EMBEDDED starts a Flink MiniCluster inside the gateway; REMOTE uses a running session"
                        + " cluster at rest-address; ZOOKEEPER uses a running session cluster with Flink's ZooKeeper"
                        + " high availability, whose leading JobManager is found in ZooKeeper and followed when"
                        + " another takes over.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.rest-address}, as {@code host:port}. */
    public static ConfigOption<String> restAddress(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".rest-address")
                .stringType()
                .noDefaultValue()
                .withDescription("host:port of the JobManager's REST endpoint of a REMOTE cluster.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.zookeeper.quorum}, as {@code host:port[,host:port...]}. */
    public static ConfigOption<String> zookeeperQuorum(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".zookeeper.quorum")
                .stringType()
                .noDefaultValue()
                .withDescription("host:port of each ZooKeeper server of a ZOOKEEPER cluster, separated by commas: the"
                        + " cluster's high-availability.zookeeper.quorum. Required for ZOOKEEPER; other ZooKeeper"
                        + " client settings (high-availability.zookeeper.client.*, zookeeper.sasl.*) are Flink options"
                        + " of the gateway.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.zookeeper.cluster-id}. */
    public static ConfigOption<String> zookeeperClusterId(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".zookeeper.cluster-id")
                .stringType()
                .defaultValue(HighAvailabilityOptions.HA_CLUSTER_ID.defaultValue())
                .withDescription("The ZOOKEEPER cluster's high-availability.cluster-id, under which its JobManagers"
                        + " elect their leader; Flink's default.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.zookeeper.root-path}. */
    public static ConfigOption<String> zookeeperRootPath(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".zookeeper.root-path")
                .stringType()
                .defaultValue(HighAvailabilityOptions.HA_ZOOKEEPER_ROOT.defaultValue())
                .withDescription("The ZOOKEEPER cluster's high-availability.zookeeper.path.root; Flink's default.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.lib-on-cluster}. */
    public static ConfigOption<Boolean> libOnCluster(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".lib-on-cluster")
                .booleanType()
                .defaultValue(false)
                .withDescription("Whether the cluster has the jars of sluice.lib.dirs on its own class path (e.g. in"
                        + " its lib/ folder); if not, every job carries them (pipeline.jars), uploaded with each"
                        + " submission.");
    }

    /** Per-cluster: {@code sluice.cluster.<name>.push-sink-installed}. */
    public static ConfigOption<Boolean> pushSinkInstalled(String cluster) {
        return key(CLUSTER_PREFIX + cluster + ".push-sink-installed")
                .booleanType()
                .defaultValue(false)
                .withDescription("Whether the cluster's TaskManagers have Sluice's push sink on their class path (the"
                        + " sluice-push-sink-*.jar in Flink's lib/); when false, a REMOTE or ZOOKEEPER"
                        + " cluster's pushed queries ship that jar with each job. An EMBEDDED cluster always has it.");
    }

    /** Every per-cluster option of a cluster named {@code cluster}, in the order of the reference. */
    public static List<ConfigOption<?>> perCluster(String cluster) {
        List<ConfigOption<?>> options = new ArrayList<>(List.of(
                type(cluster),
                restAddress(cluster),
                zookeeperQuorum(cluster),
                zookeeperClusterId(cluster),
                zookeeperRootPath(cluster),
                libOnCluster(cluster),
                pushSinkInstalled(cluster)));
        options.addAll(AdmissionOptions.perCluster(cluster));
        return List.copyOf(options);
    }

    /** The per-cluster options that a cluster of {@code kind} reads, besides its type; the others must not be set. */
    public static List<ConfigOption<?>> readBy(ClusterKind kind, String cluster) {
        List<ConfigOption<?>> options = new ArrayList<>(AdmissionOptions.perCluster(cluster));
        options.add(libOnCluster(cluster));
        options.addAll(
                switch (kind) {
                    case EMBEDDED -> List.<ConfigOption<?>>of();
                    case REMOTE -> List.<ConfigOption<?>>of(restAddress(cluster), pushSinkInstalled(cluster));
                    case ZOOKEEPER ->
                        List.<ConfigOption<?>>of(
                                zookeeperQuorum(cluster),
                                zookeeperClusterId(cluster),
                                zookeeperRootPath(cluster),
                                pushSinkInstalled(cluster));
                });
        return List.copyOf(options);
    }

    /** Names of the per-cluster option suffixes, for validating keys under {@link #CLUSTER_PREFIX}. */
    public static final List<String> PER_CLUSTER_SUFFIXES = perCluster("").stream()
            .map(option -> option.key().substring(CLUSTER_PREFIX.length() + 1))
            .toList();

    private ClusterOptions() {}
}
