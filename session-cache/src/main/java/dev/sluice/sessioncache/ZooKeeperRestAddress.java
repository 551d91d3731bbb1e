package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.HighAvailabilityOptions;
import org.apache.flink.configuration.ReadableConfig;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * The REST endpoint of whichever JobManager leads a cluster with Flink's ZooKeeper high availability. The client's
 * leader retriever reads the address from ZooKeeper and follows it when another JobManager takes over; nothing in
 * Sluice's configuration names a JobManager.
 *
 * <p>The three values must match the cluster's own {@code high-availability.zookeeper.quorum},
 * {@code high-availability.cluster-id} and {@code high-availability.zookeeper.path.root}. Other ZooKeeper client
 * settings (session timeout, ACL, SASL) are Flink options and come from the gateway's Flink configuration.
 *
 * @param quorum the ZooKeeper servers, in the order given
 * @param clusterId the cluster's id, under which its JobManagers elect their leader
 * @param rootPath the ZooKeeper path under which Flink keeps every cluster's entries
 */
public record ZooKeeperRestAddress(List<HostAndPort> quorum, String clusterId, String rootPath) implements RestAddress {
    private static final String HIGH_AVAILABILITY_TYPE = "zookeeper";
    // no blanks and no empty segment ("a//b"), which ZooKeeper refuses; leading and trailing slashes are optional,
    // as Flink adds or drops them when it joins the paths
    private static final Pattern PATH = Pattern.compile("/?[^/\\s]+(/[^/\\s]+)*/?|/");

    public ZooKeeperRestAddress {
        quorum = List.copyOf(requireNonNull(quorum, "quorum is null"));
        if (quorum.isEmpty()) {
            throw new IllegalArgumentException("quorum is empty");
        }
        checkPath("clusterId", clusterId);
        checkPath("rootPath", rootPath);
    }

    /**
     * Reads the ZooKeeper options of cluster {@code cluster}; messages name the offending key and value.
     *
     * @return empty when {@code sluice.cluster.<cluster>.zookeeper.quorum} is not set
     */
    public static Optional<ZooKeeperRestAddress> find(String cluster, ReadableConfig config) {
        Optional<String> quorum = config.getOptional(ClusterOptions.zookeeperQuorum(cluster));
        if (quorum.isEmpty()) {
            return Optional.empty();
        }
        String clusterId = config.get(ClusterOptions.zookeeperClusterId(cluster));
        String rootPath = config.get(ClusterOptions.zookeeperRootPath(cluster));
        checkPath(ClusterOptions.zookeeperClusterId(cluster).key(), clusterId);
        checkPath(ClusterOptions.zookeeperRootPath(cluster).key(), rootPath);
        return Optional.of(new ZooKeeperRestAddress(parseQuorum(cluster, quorum.get()), clusterId, rootPath));
    }

    /** Parses {@code host:port[,host:port...]}, Flink's form of the quorum (without a chroot suffix). */
    private static List<HostAndPort> parseQuorum(String cluster, String value) {
        String key = ClusterOptions.zookeeperQuorum(cluster).key();
        List<HostAndPort> servers = new ArrayList<>();
        try {
            for (String server : value.split(",", -1)) {
                servers.add(HostAndPort.parse(key, server.strip()));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key + " must be host:port of each ZooKeeper server, separated by commas (a chroot path belongs in "
                            + ClusterOptions.zookeeperRootPath(cluster).key() + "), was '" + value + "'",
                    e);
        }
        return servers;
    }

    /**
     * The cluster's ZooKeeper namespace, under which its JobManagers elect and publish their leader: the root path
     * and the cluster id, joined as Flink joins them ({@code /flink/default}).
     */
    public String namespace() {
        return Arrays.stream(new String[] {rootPath, clusterId})
                .flatMap(path -> Arrays.stream(path.split("/")))
                .filter(segment -> !segment.isEmpty())
                .collect(Collectors.joining("/", "/", ""));
    }

    @Override
    public void applyTo(Configuration clientConfiguration) {
        clientConfiguration.set(HighAvailabilityOptions.HA_MODE, HIGH_AVAILABILITY_TYPE);
        clientConfiguration.set(HighAvailabilityOptions.HA_ZOOKEEPER_QUORUM, connectString());
        clientConfiguration.set(HighAvailabilityOptions.HA_CLUSTER_ID, clusterId);
        clientConfiguration.set(HighAvailabilityOptions.HA_ZOOKEEPER_ROOT, rootPath);
    }

    /** The quorum as ZooKeeper's connect string: {@code host:port,host:port}. */
    public String connectString() {
        return quorum.stream().map(HostAndPort::toString).collect(Collectors.joining(","));
    }

    /** E.g. {@code the leader via ZooKeeper zk1:2181,zk2:2181/flink/default}. */
    @Override
    public String toString() {
        return "the leader via ZooKeeper " + connectString() + namespace();
    }

    private static void checkPath(String name, String value) {
        requireNonNull(value, () -> name + " is null");
        if (!PATH.matcher(value).matches()) {
            throw new IllegalArgumentException(name + " must be a ZooKeeper path such as /flink, without blanks or"
                    + " empty segments, was '" + value + "'");
        }
    }
}
