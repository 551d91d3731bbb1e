package dev.sluice.gateway;

import dev.sluice.gateway.authorization.Authorization;
import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.avatica.InFlightRequest;
import dev.sluice.gateway.avatica.SluiceMeta;
import dev.sluice.gateway.cluster.EmbeddedFlinkCluster;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.health.ClusterProbes;
import dev.sluice.gateway.health.GatewayProbes;
import dev.sluice.gateway.history.ClosedSessionHistory;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.http.ConnectionStats;
import dev.sluice.gateway.http.OperationsEndpoints;
import dev.sluice.gateway.http.SluiceHttpServer;
import dev.sluice.gateway.metrics.GatewayMetrics;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.security.AuthenticationConfig;
import dev.sluice.gateway.security.AuthenticationOptions;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.gateway.session.CatalogDeclaration;
import dev.sluice.gateway.session.SessionControl;
import dev.sluice.gateway.session.SessionFactory;
import dev.sluice.gateway.session.SessionRegistry;
import dev.sluice.gateway.session.SessionResources;
import dev.sluice.gateway.session.SessionSetup;
import dev.sluice.gateway.settings.FlinkSessionDefaults;
import dev.sluice.gateway.settings.PipelinedBatchProfile;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.gateway.tls.ServerTls;
import dev.sluice.gateway.ui.GatewayWorkPages;
import dev.sluice.gateway.ui.RunningGatewayWork;
import dev.sluice.gateway.warmup.GatewayWarmUp;
import dev.sluice.jobs.admission.ClusterAdmissions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.sessioncache.ClusterClientStats;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterDefinition;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterOverviews;
import dev.sluice.sessioncache.FixedRestAddress;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.SessionClusters;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.util.Objects.requireNonNull;

/**
 * A running gateway: the session clusters (starting the embedded one if declared), the sessions and the HTTP
 * endpoint. Closing it stops accepting requests, closes every session (cancelling its jobs) and stops the embedded
 * cluster.
 */
public final class SluiceGateway implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SluiceGateway.class);

    private final CloseableStack components;
    private final @Nullable EmbeddedFlinkCluster embeddedCluster;
    private final SessionRegistry sessions;
    private final ClusterClientStats clusterClientStats;
    private final ConnectionStats connectionStats;
    private final SluiceHttpServer httpServer;
    private final GatewayWarmUp warmUp;
    private final AtomicBoolean warmingUp;

    private SluiceGateway(
            CloseableStack components,
            @Nullable EmbeddedFlinkCluster embeddedCluster,
            SessionRegistry sessions,
            ClusterClientStats clusterClientStats,
            ConnectionStats connectionStats,
            SluiceHttpServer httpServer,
            GatewayWarmUp warmUp,
            AtomicBoolean warmingUp) {
        this.components = components;
        this.embeddedCluster = embeddedCluster;
        this.sessions = sessions;
        this.clusterClientStats = clusterClientStats;
        this.connectionStats = connectionStats;
        this.httpServer = httpServer;
        this.warmUp = warmUp;
        this.warmingUp = warmingUp;
    }

    /**
     * Warms the gateway up ({@link GatewayWarmUp}); {@code GET /ready} answers 503 until it has ended. Call it once,
     * after {@link #start} and before telling anyone the gateway is ready.
     */
    public GatewayWarmUp.Report warmUp() {
        warmingUp.set(true);
        try {
            return warmUp.run();
        } finally {
            warmingUp.set(false);
        }
    }

    /**
     * Starts a gateway; on failure everything started so far is stopped again, newest first.
     *
     * @throws GatewayStartException if the gateway's address or the result endpoint's cannot be bound (checked before
     *     any cluster starts)
     */
    public static SluiceGateway start(GatewayConfig config) throws Exception {
        requireNonNull(config, "config is null");
        LOG.info(
                "Starting Sluice {} on Flink {}, Java {} ({})",
                version(),
                EnvironmentInformation.getVersion(),
                System.getProperty("java.version"),
                System.getProperty("java.vm.name"));
        LOG.info(
                "Effective configuration (secrets hidden):\n{}",
                EffectiveConfiguration.describe(config.flinkConfiguration()));
        ServerPortCheck.check(config.server());
        ServerPortCheck.check(config.result());
        CloseableStack components = new CloseableStack();
        try {
            return startComponents(config, components);
        } catch (Throwable e) {
            components.closeAfter(e);
            throw e;
        }
    }

    /** Starts each component and pushes its close before the next one starts. */
    private static SluiceGateway startComponents(GatewayConfig config, CloseableStack components) throws Exception {
        ClusterEndpointsStartup started = ClusterEndpointsStartup.start(config, components);
        EmbeddedFlinkCluster embedded = started.embedded();
        List<ClusterEndpoint> endpoints = started.endpoints();
        SessionClusters clusters = new SessionClusters(endpoints);
        // the shared cluster clients and the sessions see the same Flink options, with Sluice's defaults
        Configuration flinkOptions = FlinkSessionDefaults.applyTo(config.flinkOptions());
        ClusterClientStats clusterClientStats = new ClusterClientStats();
        ClusterClients clusterClients = components.push(
                "cluster clients", ClusterClients.create(config.sessionCache(), flinkOptions, clusterClientStats));
        LOG.info("Cluster client reuse is {}", config.sessionCache().reuse() ? "on" : "off (one client per call)");
        ConnectionStats connectionStats = new ConnectionStats();
        GatewayMetrics metrics = new GatewayMetrics(clusters.names(), clusterClientStats, connectionStats);
        ClusterAdmissions admissions = new ClusterAdmissions(clusterClients, config.flinkConfiguration());
        metrics.registerAdmission(clusters.names(), admissions);
        SessionSetup sessionSetup = SessionSetupLoader.load(config, clusters, flinkOptions, components);
        ResultTransports transports = ResultTransportsStartup.start(config, components);
        metrics.registerResultTransports(clusters.names(), transports::transportOf);
        transports
                .endpoint()
                .ifPresent(endpoint -> metrics.registerPushedResults(
                        endpoint.results().bufferStats(),
                        endpoint.results()::size,
                        endpoint.results()::refusedConnections));
        PipelinedBatchProfile batchProfile = new PipelinedBatchProfile(
                config.flinkConfiguration().get(SessionOptions.PIPELINED_BATCH),
                config.flinkOptions(),
                cluster -> ClusterOverviews.configuredValue(clusterClients, cluster, JobManagerOptions.SCHEDULER.key()),
                ForkJoinPool.commonPool());
        batchProfile.learn(endpoints);
        Authorization authorization = Authorization.of(
                config.authorization(),
                config.catalogs().stream().map(CatalogDeclaration::name).toList());
        SessionClock clock = SessionClock.withNanoClock(System::nanoTime);
        ResultCache results = new ResultCache(config.resultCache(), clock::nanoTime, clock.wallClock());
        metrics.registerResultCache(results::stats);
        RequestUser requestUser = new RequestUser();
        BoundedPlanning planning = components.push(
                "planning workers",
                BoundedPlanning.start(
                        config.planning(),
                        // one for each RPC thread that waits for its statement, one for each session that plans on
                        // after its planning was given up
                        config.server().rpcThreads() + config.session().maxSessions(),
                        // what a request's handling reads of its thread: its user, and the request its client may leave
                        task -> requestUser.carrying(InFlightRequest.carrying(task))));
        SessionRegistry sessions = components.push(
                "sessions",
                new SessionRegistry(
                        clusters,
                        new SessionFactory(
                                new SessionResources(
                                        clusterClients,
                                        admissions,
                                        new JobPlanCache(
                                                config.planCache(),
                                                config.catalogs().stream()
                                                        .map(CatalogDeclaration::name)
                                                        .toList()),
                                        results,
                                        transports,
                                        metrics,
                                        clock,
                                        new ClosedSessionHistory(config.closedSessionHistory(), clock),
                                        planning),
                                flinkOptions,
                                config.session(),
                                sessionSetup,
                                config.userLimits().maxRunningStatements(),
                                new UserCodePolicy(config.userCode()),
                                new DataAccessPolicy(config.dataAccess()),
                                authorization,
                                batchProfile),
                        config.session(),
                        config.userLimits().maxSessions()));
        LOG.info(
                "Plan cache is {}",
                config.planCache().enabled()
                        ? "on (at most " + config.planCache().maxSize() + " job plans)"
                        : "off");
        LOG.info(
                "Result cache is {}",
                config.resultCache().enabled()
                        ? "on (at most " + config.resultCache().maxBytes() + " bytes, "
                                + config.resultCache().maxEntryBytes() + " per result)"
                        : "off");
        components.push("housekeeping", Housekeeping.start(config.session(), sessions)::shutdownNow);
        GatewayAuthenticator authenticator = authenticator(config);
        metrics.registerAuthentication(authenticator.failures());
        SluiceMeta meta = new SluiceMeta(
                sessions,
                requestUser,
                config.session().maxStatementLength(),
                config.frames(),
                metrics.registerFrames(),
                version(),
                EnvironmentInformation.getVersion());
        metrics.registerSessions(sessions::size);
        ClusterProbes clusterProbes = new ClusterProbes(clusters, clusterClients);
        AtomicBoolean warmingUp = new AtomicBoolean();
        GatewayProbes probes = new GatewayProbes(clusterProbes::probe, sessions::size, warmingUp::get);
        OperationsEndpoints operations = new OperationsEndpoints(
                metrics::scrape,
                probes::liveness,
                probes::readiness,
                new GatewayWorkPages(
                        new RunningGatewayWork(
                                sessions,
                                clusterProbes,
                                admissions,
                                dashboards(config, embedded),
                                authorization::isAdmin),
                        version()));
        SluiceHttpServer httpServer = components.push(
                "HTTP endpoint",
                startHttpServer(
                        config,
                        () -> SluiceHttpServer.start(
                                config.server(),
                                config.tls(),
                                new AvaticaRequestHandler(meta, requestUser),
                                authenticator,
                                SessionControl.of(sessions),
                                operations,
                                connectionStats)));
        SluiceGateway gateway = new SluiceGateway(
                components,
                embedded,
                sessions,
                clusterClientStats,
                connectionStats,
                httpServer,
                new GatewayWarmUp(
                        sessions,
                        config.clusters().stream().map(ClusterDefinition::name).toList(),
                        config.catalogs().stream().map(CatalogDeclaration::name).toList(),
                        config.warmUp(),
                        System::nanoTime),
                warmingUp);
        LOG.info(
                "{}",
                StartupSummary.describe(
                        version(),
                        httpServer.localAddress(),
                        httpServer.tls().map(tls -> tls.provider().name()).orElse(null),
                        clusterProbes.probe(),
                        embedded == null ? null : embedded.restAddress(),
                        gateway.jdbcUrl()));
        return gateway;
    }

    /** Flink's dashboard of each cluster at a known address: it is served on the cluster's REST port. */
    private static Map<String, String> dashboards(GatewayConfig config, @Nullable EmbeddedFlinkCluster embedded) {
        Map<String, String> dashboards = new HashMap<>();
        for (ClusterDefinition cluster : config.clusters()) {
            if (cluster.restAddress() instanceof FixedRestAddress fixed) {
                dashboards.put(cluster.name(), "http://" + fixed.hostAndPort() + "/");
            }
        }
        if (embedded != null) {
            dashboards.put(embedded.endpoint().name(), "http://" + embedded.restAddress() + "/");
        }
        return dashboards;
    }

    /** The authentication of requests, with a warning when there is none on an address others can reach. */
    private static GatewayAuthenticator authenticator(GatewayConfig config) {
        AuthenticationConfig authentication = config.authentication();
        if (authentication.enabled()) {
            LOG.info("Authentication: {}", authentication.methods());
        } else if (AuthenticationConfig.isLoopback(config.server().host())) {
            LOG.info("Authentication is off: the gateway listens on loopback only");
        } else {
            LOG.warn(
                    "Authentication is OFF on {} ({}): anyone who reaches the port can run SQL on the clusters",
                    config.server().host(),
                    AuthenticationOptions.ALLOW_NONE_ON_ANY_ADDRESS.key());
        }
        return new GatewayAuthenticator(authentication, System::nanoTime);
    }

    /** The address the gateway listens on. */
    public InetSocketAddress address() {
        return httpServer.localAddress();
    }

    /** The URL a JDBC client connects with. */
    public String jdbcUrl() {
        InetSocketAddress address = address();
        String host = address.getAddress().isAnyLocalAddress() ? "127.0.0.1" : address.getHostString();
        String url = "jdbc:sluice://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
        return httpServer.tls().isPresent() ? url + ";ssl=true" : url;
    }

    /** How many descriptors, clients and leader retrievers were created per cluster. */
    public ClusterClientStats clusterClientStats() {
        return clusterClientStats;
    }

    /** The REST endpoint of the embedded cluster, if the gateway runs one; for tools and tests that watch its jobs. */
    public Optional<HostAndPort> embeddedClusterRestAddress() {
        return Optional.ofNullable(embeddedCluster).map(EmbeddedFlinkCluster::restAddress);
    }

    /** Connections, requests and TLS handshakes of the gateway port. */
    public ConnectionStats connectionStats() {
        return connectionStats;
    }

    /** TLS of the gateway port, or empty when it serves plaintext. */
    public Optional<ServerTls> tls() {
        return httpServer.tls();
    }

    /** Number of open sessions. */
    public int openSessions() {
        return sessions.size();
    }

    static String version() {
        String version = SluiceGateway.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }

    /** What starts the HTTP endpoint. */
    @FunctionalInterface
    private interface HttpServerStart {
        SluiceHttpServer start() throws InterruptedException, IOException;
    }

    /**
     * Starts the HTTP endpoint; an address that cannot be bound (taken since {@link ServerPortCheck} looked) fails the
     * start as that check does, naming the address and its options.
     */
    private static SluiceHttpServer startHttpServer(GatewayConfig config, HttpServerStart start)
            throws InterruptedException, GatewayStartException {
        try {
            return start.start();
        } catch (IOException e) {
            throw ServerPortCheck.failure(config.server(), String.valueOf(e.getMessage()), e);
        }
    }

    /** Stops accepting requests, closes every session (cancelling its jobs), then the clients and clusters. */
    @Override
    public void close() throws Exception {
        LOG.info("Stopping Sluice gateway");
        components.close();
        LOG.info("Sluice gateway stopped");
    }
}
