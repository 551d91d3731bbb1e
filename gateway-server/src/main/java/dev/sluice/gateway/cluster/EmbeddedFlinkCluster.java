package dev.sluice.gateway.cluster;

import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.HostAndPort;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.NettyShuffleEnvironmentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.SecurityOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * A Flink MiniCluster inside the gateway's JVM. Its REST endpoint listens on a free loopback port, and queries
 * reach it through REST like any remote cluster, so the default setup runs the production submission path.
 */
public final class EmbeddedFlinkCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedFlinkCluster.class);
    private static final String LOOPBACK = "127.0.0.1";

    private final MiniCluster miniCluster;
    private final HostAndPort restAddress;
    private final ClusterEndpoint endpoint;

    private EmbeddedFlinkCluster(MiniCluster miniCluster, String name, HostAndPort restAddress) {
        this.miniCluster = miniCluster;
        this.restAddress = restAddress;
        this.endpoint = new ClusterEndpoint(name, ClusterKind.EMBEDDED, restAddress);
    }

    /** Starts a MiniCluster with {@code flinkConfiguration} and the size from {@code config}. */
    public static EmbeddedFlinkCluster start(
            String name, Configuration flinkConfiguration, EmbeddedClusterConfig config) throws Exception {
        requireNonNull(name, "name is null");
        Configuration configuration = new Configuration(flinkConfiguration);
        configuration.set(RestOptions.BIND_ADDRESS, LOOPBACK);
        configuration.set(RestOptions.ADDRESS, LOOPBACK);
        configuration.set(RestOptions.BIND_PORT, "0");
        configuration.set(JobManagerOptions.BIND_HOST, LOOPBACK);
        configuration.set(JobManagerOptions.ADDRESS, LOOPBACK);
        configuration.set(TaskManagerOptions.BIND_HOST, LOOPBACK);
        configuration.set(TaskManagerOptions.HOST, LOOPBACK);
        quietDefaults(configuration);
        shortQueryDefaults(configuration);
        MiniClusterConfiguration miniClusterConfiguration = new MiniClusterConfiguration.Builder()
                .setConfiguration(configuration)
                .setNumTaskManagers(config.taskManagers())
                .setNumSlotsPerTaskManager(config.taskSlots())
                .build();
        MiniCluster miniCluster = new BoundedJobStoreMiniCluster(
                miniClusterConfiguration, config.finishedJobsKept(), config.finishedJobsExpiration());
        try {
            miniCluster.start();
            URI rest = miniCluster.getRestAddress().get(1, TimeUnit.MINUTES);
            HostAndPort address = new HostAndPort(rest.getHost(), rest.getPort());
            LOG.info(
                    "Embedded Flink cluster '{}' started: {} TaskManager(s) x {} slot(s), REST at {}; it remembers the"
                            + " last {} finished jobs for at most {} (jobstore.max-capacity, jobstore.expiration-time)",
                    name,
                    config.taskManagers(),
                    config.taskSlots(),
                    address,
                    config.finishedJobsKept(),
                    config.finishedJobsExpiration());
            return new EmbeddedFlinkCluster(miniCluster, name, address);
        } catch (Exception e) {
            miniCluster.close();
            throw e;
        }
    }

    /**
     * Settings that a MiniCluster inside the gateway would otherwise warn about at every start, unless the operator set
     * them: it has no Kerberos or Hadoop delegation tokens to obtain, and its dashboard shows the gateway's log file.
     */
    private static void quietDefaults(Configuration configuration) {
        if (!configuration.contains(SecurityOptions.DELEGATION_TOKENS_ENABLED)) {
            configuration.set(SecurityOptions.DELEGATION_TOKENS_ENABLED, false);
        }
        if (!configuration.contains(WebOptions.LOG_PATH)) {
            // the directory conf/log4j2.xml writes to; bin/sluice-gateway sets it
            String logDirectory = System.getProperty("sluice.log.dir", "log");
            configuration.set(
                    WebOptions.LOG_PATH,
                    Path.of(logDirectory, "sluice-gateway.log").toAbsolutePath().toString());
        }
    }

    /**
     * The cluster-side options of the profile for short queries, measured one at a time (docs/benchmarks.md, "Cluster
     * profile: measured"), unless the operator set them: no restarts, since a short query is re-run by its client; and
     * 64 network buffers for a blocking exchange's sort shuffle rather than 512, so that concurrent jobs with an exchange
     * fit the network memory. Not {@code jobmanager.scheduler}: left unset, each job picks its scheduler, and Sluice's
     * sessions pick the Default scheduler with pipelined exchanges ({@code PipelinedBatchProfile}); set on the
     * cluster to Default, it would also fail every join that a session planning for the adaptive batch scheduler makes
     * adaptive.
     */
    private static void shortQueryDefaults(Configuration configuration) {
        if (!configuration.contains(RestartStrategyOptions.RESTART_STRATEGY)) {
            configuration.set(RestartStrategyOptions.RESTART_STRATEGY, "disable");
        }
        if (!configuration.contains(NettyShuffleEnvironmentOptions.NETWORK_SORT_SHUFFLE_MIN_BUFFERS)) {
            configuration.set(NettyShuffleEnvironmentOptions.NETWORK_SORT_SHUFFLE_MIN_BUFFERS, 64);
        }
    }

    public ClusterEndpoint endpoint() {
        return endpoint;
    }

    /** Where the MiniCluster's REST endpoint listens (a free loopback port). */
    public HostAndPort restAddress() {
        return restAddress;
    }

    /** Stops the cluster; jobs still running are cancelled by the MiniCluster's shutdown. */
    @Override
    public void close() throws Exception {
        miniCluster.close();
        LOG.info("Embedded Flink cluster '{}' stopped", endpoint.name());
    }
}
