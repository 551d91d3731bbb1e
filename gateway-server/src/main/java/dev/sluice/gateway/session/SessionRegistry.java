package dev.sluice.gateway.session;

import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.session.ClusterClients;
import dev.sluice.session.ClusterEndpoint;
import dev.sluice.session.SessionClusters;
import dev.sluice.session.SessionPipelineExecutor;
import dev.sluice.session.admission.ClusterAdmissions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * The open sessions of a gateway, by Avatica connection id. Thread-safe.
 *
 * <p>Sessions that see no request for the idle timeout are closed by {@link #closeIdleSessions()}, which the
 * gateway runs periodically; time comes from an injected {@link SessionClock} so tests never sleep.
 */
public final class SessionRegistry implements AutoCloseable {
    /** The JDBC URL property that picks a session cluster by name. */
    public static final String CLUSTER_PROPERTY = "cluster";

    private static final Logger LOG = LoggerFactory.getLogger(SessionRegistry.class);

    private final SessionClusters clusters;
    private final ClusterClients clusterClients;
    private final Configuration flinkConfiguration;
    private final SessionConfig config;
    private final SessionClock clock;
    private final QueryObserver observer;
    private final JobPlanCache jobPlans;
    private final Map<String, GatewaySession> sessions = new ConcurrentHashMap<>();
    private final ClusterAdmissions admissions;
    private final ResultTransports transports;

    /**
     * @param clock the time of every session, for idle timeouts, deadlines, phases and the query history
     * @param admissions the admission of each cluster, which every session's jobs go through
     * @param transports how each cluster's query results reach the gateway
     */
    public SessionRegistry(
            SessionClusters clusters,
            ClusterClients clusterClients,
            Configuration flinkConfiguration,
            SessionConfig config,
            SessionClock clock,
            QueryObserver observer,
            JobPlanCache jobPlans,
            ClusterAdmissions admissions,
            ResultTransports transports) {
        this.clusters = requireNonNull(clusters, "clusters is null");
        this.clusterClients = requireNonNull(clusterClients, "clusterClients is null");
        this.flinkConfiguration = requireNonNull(flinkConfiguration, "flinkConfiguration is null");
        this.config = requireNonNull(config, "config is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.observer = requireNonNull(observer, "observer is null");
        this.jobPlans = requireNonNull(jobPlans, "jobPlans is null");
        this.admissions = requireNonNull(admissions, "admissions is null");
        this.transports = requireNonNull(transports, "transports is null");
    }

    /**
     * Opens the session of connection {@code id} on the cluster named by the {@value #CLUSTER_PROPERTY} property, or
     * the default cluster.
     *
     * @throws TooManySessionsException if the gateway is at its session limit
     * @throws dev.sluice.session.UnknownClusterException if the property names no served cluster
     */
    public GatewaySession open(String id, Map<String, String> properties) {
        requireNonNull(id, "id is null");
        String clusterName = properties.get(CLUSTER_PROPERTY);
        ClusterEndpoint cluster = clusterName == null ? clusters.defaultCluster() : clusters.require(clusterName);
        if (sessions.size() >= config.maxSessions()) {
            throw new TooManySessionsException(config.maxSessions());
        }
        Configuration sessionConfiguration = cluster.restConfiguration(flinkConfiguration);
        // the gateway's query timeout, which the connection's properties and SET may override per session
        sessionConfiguration.set(SessionOptions.QUERY_TIMEOUT, config.queryTimeout());
        // connection properties with a dot in the name are Flink options (Avatica's own names have none)
        properties.forEach((key, value) -> {
            if (key.contains(".")) {
                SessionScopedOptions.checkSettable(key);
                sessionConfiguration.setString(key, value);
            }
        });
        SessionPipelineExecutor executor = new SessionPipelineExecutor(
                cluster, clusterClients, admissions.of(cluster), transports.jobJarsFor(cluster));
        GatewaySession session = new GatewaySession(
                id,
                cluster,
                configuration -> createTableEnvironment(executor, configuration),
                sessionConfiguration,
                config.maxMaterializedRows(),
                observer,
                executor::takeLastSubmission,
                jobPlans,
                executor::cancelWaiting,
                clock,
                transports,
                executor::skipStartWaitOfNextJob);
        GatewaySession previous = sessions.putIfAbsent(id, session);
        if (previous != null) {
            session.close();
            throw new IllegalStateException("Connection " + id + " is already open");
        }
        LOG.info("Session {} opened on cluster '{}' ({} open)", id, cluster.name(), sessions.size());
        return session;
    }

    /**
     * A TableEnvironment whose jobs go through Sluice's executor (and so through the shared cluster clients) rather
     * than the executor Flink would look up by {@code execution.target}.
     */
    private static TableEnvironment createTableEnvironment(SessionPipelineExecutor executor, Configuration options) {
        Configuration configuration = new Configuration(options);
        configuration.set(DeploymentOptions.TARGET, SessionPipelineExecutor.NAME);
        StreamExecutionEnvironment environment = new StreamExecutionEnvironment(
                executor.asServiceLoader(), configuration, SessionRegistry.class.getClassLoader());
        return StreamTableEnvironment.create(
                environment,
                EnvironmentSettings.newInstance()
                        .withConfiguration(configuration)
                        .build());
    }

    /**
     * Returns the open session {@code id} and marks it used now.
     *
     * @throws NoSuchSessionException if there is none
     */
    public GatewaySession require(String id) {
        GatewaySession session = sessions.get(id);
        if (session == null) {
            throw new NoSuchSessionException(id);
        }
        session.touch(clock.nanoTime());
        return session;
    }

    /** Returns the session, or null; for idempotent close. */
    public @Nullable GatewaySession find(String id) {
        return sessions.get(id);
    }

    /** Closes session {@code id}; closing an unknown session does nothing. */
    public void close(String id) {
        GatewaySession session = sessions.remove(id);
        if (session != null) {
            session.close();
            LOG.info("Session {} closed ({} open)", id, sessions.size());
        }
    }

    /** Closes every session idle for longer than the idle timeout; returns how many it closed. */
    public int closeIdleSessions() {
        long now = clock.nanoTime();
        long timeoutNanos = config.idleTimeout().toNanos();
        int closed = 0;
        for (GatewaySession session : new ArrayList<>(sessions.values())) {
            if (now - session.lastUsedNanos() > timeoutNanos && sessions.remove(session.id(), session)) {
                session.close();
                closed++;
                LOG.info("Session {} expired after {} idle", session.id(), config.idleTimeout());
            }
        }
        return closed;
    }

    public int size() {
        return sessions.size();
    }

    /** Closes every session, cancelling their running jobs. */
    @Override
    public void close() {
        for (String id : new ArrayList<>(sessions.keySet())) {
            close(id);
        }
    }
}
