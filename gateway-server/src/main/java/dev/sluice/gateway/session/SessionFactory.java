package dev.sluice.gateway.session;

import dev.sluice.gateway.authorization.Authorization;
import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.dataaccess.DataAccessPolicy;
import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.history.ClosedSessionHistory;
import dev.sluice.gateway.history.HistoryLimits;
import dev.sluice.gateway.history.OwnedQuery;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.RunningQueriesAnswer;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.jobcommand.ClusterSessionJobs;
import dev.sluice.gateway.jobcommand.JobOwners;
import dev.sluice.gateway.planning.BoundedPlanning;
import dev.sluice.gateway.result.MaterializedLimits;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.gateway.settings.InvalidOptionValueException;
import dev.sluice.gateway.settings.PipelinedBatchProfile;
import dev.sluice.gateway.settings.SessionScopedOptions;
import dev.sluice.gateway.statement.ResultTransports;
import dev.sluice.gateway.statement.RunningStatementLimit;
import dev.sluice.gateway.statement.SessionContext;
import dev.sluice.jobs.ClusterPipelineExecutor;
import dev.sluice.jobs.admission.ClusterAdmissions;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterOverviews;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * Builds a new session with everything it shares with the gateway's other sessions: the cluster clients, the plan
 * cache, the cluster's admission, the lib jars and catalogs, the user-code policy, the result transports, and the
 * record of which user's statements submitted which of the cluster's jobs. {@link SessionRegistry} decides whether a
 * session may open; this class only puts it together. Thread-safe.
 */
public final class SessionFactory {
    // jobs whose owners a cluster's record keeps before it drops those the cluster no longer lists
    private static final int JOB_OWNERS_PRUNE_MARK = 10_000;

    private final ClusterClients clusterClients;
    private final Configuration flinkConfiguration;
    private final SessionConfig config;
    private final SessionClock clock;
    private final QueryObserver observer;
    private final ClosedSessionHistory closedSessions;
    private final JobPlanCache jobPlans;
    private final ResultCache results;
    private final ClusterAdmissions admissions;
    private final SessionSetup setup;
    private final RunningStatementLimit runningStatements;
    private final UserCodePolicy userCode;
    private final DataAccessPolicy dataAccess;
    private final Authorization authorization;
    private final ResultTransports transports;
    private final BoundedPlanning planning;
    private final PipelinedBatchProfile batchProfile;
    private final Map<String, JobOwners> jobOwners = new ConcurrentHashMap<>();

    /**
     * @param shared what every session uses: cluster clients, admissions, the plan cache, result transports, the
     *     observer and the clock
     * @param setup what every session gets from the gateway's configuration: catalogs, lib jars
     * @param maxRunningStatements statements one authenticated user may run at once, over all their sessions
     * @param userCode decides whether a statement may load code from a jar
     * @param dataAccess decides what a statement may declare, read and write
     * @param authorization decides what a user may do with the shared catalogs' tables, and who is an admin
     * @param batchProfile whether a session's batch jobs on a cluster run pipelined
     */
    public SessionFactory(
            SessionResources shared,
            Configuration flinkConfiguration,
            SessionConfig config,
            SessionSetup setup,
            int maxRunningStatements,
            UserCodePolicy userCode,
            DataAccessPolicy dataAccess,
            Authorization authorization,
            PipelinedBatchProfile batchProfile) {
        requireNonNull(shared, "shared is null");
        this.clusterClients = shared.clusterClients();
        this.flinkConfiguration = requireNonNull(flinkConfiguration, "flinkConfiguration is null");
        this.config = requireNonNull(config, "config is null");
        this.clock = shared.clock();
        this.observer = shared.observer();
        this.closedSessions = shared.closedSessions();
        this.jobPlans = shared.jobPlans();
        this.results = shared.results();
        this.admissions = shared.admissions();
        this.setup = requireNonNull(setup, "setup is null");
        this.runningStatements = new RunningStatementLimit(maxRunningStatements);
        this.userCode = requireNonNull(userCode, "userCode is null");
        this.dataAccess = requireNonNull(dataAccess, "dataAccess is null");
        this.authorization = requireNonNull(authorization, "authorization is null");
        this.transports = shared.transports();
        this.planning = shared.planning();
        this.batchProfile = requireNonNull(batchProfile, "batchProfile is null");
    }

    ClusterClients clusterClients() {
        return clusterClients;
    }

    SessionClock clock() {
        return clock;
    }

    Authorization authorization() {
        return authorization;
    }

    ClosedSessionHistory closedSessions() {
        return closedSessions;
    }

    /**
     * A new session of connection {@code id} on {@code cluster}, owned by {@code owner}.
     *
     * @param properties the connection's properties; those with a dot in the name are Flink options of the session
     * @param ownerQueries the statements {@code owner} sees, with their users, for {@code SHOW QUERIES}
     * @throws InvalidOptionValueException or a user-code refusal, if a property may not be set
     */
    GatewaySession create(
            String id,
            ClusterEndpoint cluster,
            GatewayUser owner,
            Map<String, String> properties,
            Supplier<List<OwnedQuery>> ownerQueries) {
        Configuration sessionConfiguration = cluster.restConfiguration(flinkConfiguration);
        batchProfile.applyTo(cluster, sessionConfiguration);
        // the gateway's query timeout, which the connection's properties and SET may override per session
        sessionConfiguration.set(SessionOptions.QUERY_TIMEOUT, config.queryTimeout());
        SessionDataAccess sessionDataAccess = new SessionAccessChecks(
                planning::checkStillWanted,
                dataAccess.forSession(owner.name(), Set.copyOf(setup.catalogs().names())),
                authorization.forUser(owner));
        // connection properties with a dot in the name are Flink options (Avatica's own names have none)
        properties.forEach((key, value) -> {
            if (key.contains(".")) {
                SessionScopedOptions.checkSettable(key, value);
                userCode.checkOption(key, value);
                sessionDataAccess.checkOption(key, value);
                sessionConfiguration.setString(key, value);
            }
        });
        ClusterPipelineExecutor executor = new ClusterPipelineExecutor(
                cluster,
                clusterClients,
                admissions.of(cluster),
                // the push sink and the connector and format jars of the lib folders go with every job, unless the
                // cluster has them
                transports.jobJarsFor(cluster).with(setup.libJarsFor(cluster)),
                // an anonymous session is nobody's in particular: every session is the same anonymous user
                owner.name());
        JobOwners owners = jobOwners.computeIfAbsent(
                cluster.name(),
                name -> new JobOwners(
                        JOB_OWNERS_PRUNE_MARK,
                        () -> ClusterOverviews.jobs(clusterClients, cluster),
                        ForkJoinPool.commonPool()));
        SessionContext context = new SessionContext(
                id,
                cluster,
                clock,
                runningStatements.observing(owner, observer),
                jobPlans,
                results,
                executor,
                transports,
                sessionDataAccess,
                planning);
        return new GatewaySession(
                context,
                configuration -> createTableEnvironment(
                        // a statement's planning ends where its job asks for admission; one given up submits nothing
                        RecordingExecutors.recording(executor.asServiceLoader(), planning::planningEnds, jobId -> {
                            // a job that carries other sessions' queries is no session's to stop
                            if (!executor.submittedShared(jobId)) {
                                owners.record(jobId, owner);
                            }
                        }),
                        configuration),
                sessionConfiguration,
                new MaterializedLimits(config.maxMaterializedRows(), config.maxMaterializedBytes()),
                new QueryHistory(
                        id, cluster.name(), context.observer(), clock, HistoryLimits.of(config), owner, closedSessions),
                new ClusterSessionJobs(clusterClients, cluster, owner, owners, () -> authorization.isAdmin(owner)),
                new RunningQueriesAnswer(ownerQueries),
                userCode);
    }

    /**
     * A TableEnvironment whose jobs go through Sluice's executor (and so through the shared cluster clients) rather
     * than the executor Flink would look up by {@code execution.target}.
     */
    private TableEnvironment createTableEnvironment(PipelineExecutorServiceLoader executors, Configuration options) {
        Configuration configuration = new Configuration(options);
        configuration.set(DeploymentOptions.TARGET, ClusterPipelineExecutor.NAME);
        StreamExecutionEnvironment environment =
                new StreamExecutionEnvironment(executors, configuration, setup.classLoader());
        TableEnvironment tableEnvironment = StreamTableEnvironment.create(
                environment,
                EnvironmentSettings.newInstance()
                        .withConfiguration(configuration)
                        .withClassLoader(setup.classLoader())
                        .build());
        setup.catalogs().registerIn(tableEnvironment, setup.classLoader());
        return tableEnvironment;
    }
}
