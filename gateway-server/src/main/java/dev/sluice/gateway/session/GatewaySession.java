package dev.sluice.gateway.session;

import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QuerySummary;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.RunningQueriesAnswer;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.jobcommand.ClusterJobsAnswer;
import dev.sluice.gateway.jobcommand.SessionJobs;
import dev.sluice.gateway.jobcommand.StopJobCommand;
import dev.sluice.gateway.result.MaterializedLimits;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.resultcache.ResultCache;
import dev.sluice.gateway.security.UserCodePolicy;
import dev.sluice.gateway.settings.SessionEnvironment;
import dev.sluice.gateway.settings.SessionOptionCommands;
import dev.sluice.gateway.statement.ConstantQueryAnswers;
import dev.sluice.gateway.statement.FlinkStatementRunner;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.gateway.statement.NoSuchStatementException;
import dev.sluice.gateway.statement.PreparedSql;
import dev.sluice.gateway.statement.PrimaryKeysAnswer;
import dev.sluice.gateway.statement.SessionContext;
import dev.sluice.gateway.statement.StatementLimits;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.StatementPlanner;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.planner.plan.StatementAnalysis;
import dev.sluice.planner.plan.StatementAnalyzer;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.TableEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * The gateway side of one JDBC connection: a Flink TableEnvironment (catalogs, temporary tables, options) bound to
 * one session cluster, and the connection's statements. It hands each statement to the part that runs it: its
 * {@link SessionOptionCommands options}, the {@link ConstantQueryAnswers answers without a job}, or the
 * {@link FlinkStatementRunner run in Flink}; every statement is traced in its {@link QueryHistory history}.
 *
 * <p>A TableEnvironment is not thread-safe, so statements of one session execute one at a time
 * ({@link SessionExecution}); fetching results does not take that lock, so a slow fetch on one statement does not block
 * another statement's execution. Those that may plan in Flink do so on a planning worker, within the planning bound.
 */
public final class GatewaySession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GatewaySession.class);

    private final String id;
    private final ClusterEndpoint cluster;
    private final SessionClock clock;
    private final JobPlanCache jobPlans;
    private final SessionEnvironment environment;
    private final SessionOptionCommands options;
    private final QueryHistory history;
    private final ConstantQueryAnswers constantQueries;
    private final FlinkStatementRunner flink;
    private final ClusterJobsAnswer clusterJobs;
    private final RunningQueriesAnswer runningQueries;
    private final StopJobCommand stopJob;
    private final SessionStatements statements;
    private final SessionStateVersion stateVersion;
    private final ConnectionTransaction transaction = new ConnectionTransaction();
    private volatile long lastUsedNanos;
    private final JobSubmissions submissions;
    private final StatementPolicies policies;
    private final SessionDataAccess dataAccess;
    private final ResultCache results;
    private final SessionExecution execution;

    /**
     * @param context the session's id, cluster, clock, observer, plan cache, executor and result transports; the
     *     session's plans are dropped from the cache when its state changes
     * @param environmentFactory creates the session's TableEnvironment with the given options, at the start and at a
     *     runtime-mode switch
     * @param defaults the options the session starts with and returns to on {@code RESET}
     * @param history the session's history, which takes its statements along when it closes
     * @param clusterJobs the jobs of the session's cluster as its user sees and stops them, for {@code SHOW JOBS} and
     *     {@code STOP JOB}
     * @param runningQueries lists the running statements of the sessions of this session's owner, for
     *     {@code SHOW QUERIES}
     * @param userCode decides whether a statement may load code from a jar, before Flink sees it
     */
    GatewaySession(
            SessionContext context,
            Function<Configuration, TableEnvironment> environmentFactory,
            Configuration defaults,
            MaterializedLimits materializedLimits,
            QueryHistory history,
            SessionJobs clusterJobs,
            RunningQueriesAnswer runningQueries,
            UserCodePolicy userCode) {
        requireNonNull(context, "context is null");
        this.policies = new StatementPolicies(userCode, context.dataAccess());
        this.dataAccess = context.dataAccess();
        this.submissions = context.submissions();
        this.id = context.sessionId();
        this.cluster = context.cluster();
        this.clock = context.clock();
        this.jobPlans = context.jobPlans();
        this.environment = new SessionEnvironment(environmentFactory, defaults);
        this.options = new SessionOptionCommands(id, environment);
        this.history = requireNonNull(history, "history is null");
        this.constantQueries = new ConstantQueryAnswers(context, environment, options);
        this.flink = new FlinkStatementRunner(
                context, environment, options, history, materializedLimits, this.policies::loadedUserCode);
        this.clusterJobs = new ClusterJobsAnswer(clusterJobs::list);
        this.runningQueries = requireNonNull(runningQueries, "runningQueries is null");
        this.stopJob = new StopJobCommand(id, cluster.name(), clusterJobs);
        this.statements = new SessionStatements(id, clock::nanoTime);
        this.stateVersion = new SessionStateVersion(() -> {
            jobPlans.invalidateSession(id);
            context.results().invalidateSession(id);
        });
        this.results = context.results();
        this.execution = new SessionExecution(
                cluster.name(), history, context.observer(), clock, context.planning(), stateVersion, transaction);
        this.lastUsedNanos = clock.nanoTime();
    }

    public String id() {
        return id;
    }

    /**
     * What the session's user may reach, which also decides what metadata lists to them: the tables they may read, the
     * databases where they may be granted one.
     */
    public SessionDataAccess dataAccess() {
        return dataAccess;
    }

    public ClusterEndpoint cluster() {
        return cluster;
    }

    /** The zone in which {@code TIMESTAMP_LTZ} values are shown ({@code table.local-time-zone}). */
    public ZoneId localTimeZone() {
        return environment.localTimeZone();
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    void touch(long nowNanos) {
        lastUsedNanos = nowNanos;
    }

    /** Creates a statement; its id is unique within this session. */
    public GatewayStatement createStatement() {
        return statements.create();
    }

    /**
     * Creates a prepared statement: Flink's planner parses and validates {@code sql} and nothing is submitted, so a
     * bad statement fails here, with its position.
     */
    public GatewayStatement prepareStatement(String sql) {
        requireNonNull(sql, "sql is null");
        return prepareStatement(StatementPlanner.analyze(sql)); // lexed outside the lock
    }

    /** Creates a prepared statement from one the planner has lexed and classified; see {@link #prepareStatement}. */
    public GatewayStatement prepareStatement(PlannedStatement planned) {
        requireNonNull(planned, "planned is null");
        policies.check(planned);
        StatementAnalysis analysis =
                withTableEnvironment(environment -> StatementAnalyzer.analyze(environment, planned));
        return statements.prepare(new PreparedSql(planned.sql(), analysis));
    }

    /** The open statement {@code statementId}, if there is one. */
    public Optional<GatewayStatement> findStatement(int statementId) {
        return statements.find(statementId);
    }

    /**
     * Cancels statement {@code statementId} ({@code Statement.cancel()}): its running job, and, while the statement
     * is still starting (waiting for its place on the cluster, or for its pushed result's sink), that start too, so
     * that the waiting client gets HY008 at once instead of after the start.
     *
     * @throws NoSuchStatementException if the session has no such statement
     */
    public void cancelStatement(int statementId) {
        GatewayStatement statement = requireStatement(statementId);
        statement.cancel();
        if (execution.isExecuting(statementId)) {
            submissions.cancelWaiting();
            flink.cancelWhileExecuting();
        }
    }

    /** @throws NoSuchStatementException if there is no such open statement */
    public GatewayStatement requireStatement(int statementId) {
        return statements.require(statementId);
    }

    /** Closes a statement and its result; closing an unknown statement does nothing (JDBC close is idempotent). */
    public void closeStatement(int statementId) {
        statements.close(statementId);
    }

    /**
     * Runs {@code sql} on {@code statement}, replacing the statement's previous result.
     *
     * @param maxRows the most rows the result may return (JDBC {@code setMaxRows}); 0 or less for no limit
     */
    public StatementOutcome execute(GatewayStatement statement, String sql, long maxRows) {
        requireNonNull(sql, "sql is null");
        return execute(statement, StatementPlanner.analyze(sql), maxRows);
    }

    /**
     * Runs a statement that the planner has lexed and classified, replacing the statement's previous result; every
     * step below reads {@code planned} rather than the text.
     *
     * <p>The statement's own {@link GatewayStatement#limits() limits} apply: its query timeout in place of the
     * session's {@code sluice.query.timeout}, and the smaller of its row limit and {@code maxRows}.
     *
     * @param requestedMaxRows the most rows the result may return (JDBC {@code setMaxRows}); 0 or less for no limit
     */
    public StatementOutcome execute(GatewayStatement statement, PlannedStatement planned, long requestedMaxRows) {
        requireNonNull(planned, "planned is null");
        StatementLimits limits = statement.limits();
        long maxRows = limits.maxRows(requestedMaxRows);
        policies.check(planned); // refused before anything runs, and before it enters the history
        transaction.checkMayRun(planned.kind());
        statement.replaceResult(null);
        // every route of the planner, here and only here: a new route does not compile until it is placed
        return switch (planned.route()) {
            // answered from what the gateway keeps, without the execution lock and not in the history: they list what
            // runs, also while a statement of this session waits for its plan or its place on the cluster
            case QUERY_HISTORY -> answered(statement, history.show());
            case RUNNING_QUERIES -> answered(statement, runningQueries.show());
            case PRIMARY_KEYS ->
                answered(statement, withTableEnvironment(table -> PrimaryKeysAnswer.of(table, planned.primaryKeys())));
            // traced in the history, one statement of the session at a time
            case SESSION_OPTION -> execution.traced(statement, planned, trace -> options.run(planned.sessionOption()));
            case CLUSTER_JOBS -> execution.traced(statement, planned, trace -> clusterJobs.show());
            case STOP_JOB -> execution.traced(statement, planned, trace -> stopJob(planned));
            // and those that may plan in Flink on a planning worker, within the planning bound; a constant query this
            // session has planned already needs no planner, and is answered on this thread
            case CONSTANT_CANDIDATE ->
                constantQueries
                        .findPlanned(planned, stateVersion.current())
                        .map(plan -> execution.traced(
                                statement, planned, trace -> constantQueries.answer(plan, maxRows, trace)))
                        .orElseGet(() -> execution.planned(
                                statement,
                                planned,
                                trace -> constantQueries
                                        .answer(planned, maxRows, trace, stateVersion.current())
                                        .orElseGet(() -> inFlink(planned, maxRows, limits, trace))));
            case USER_CODE, FLINK ->
                execution.planned(statement, planned, trace -> inFlink(planned, maxRows, limits, trace));
        };
    }

    private StatementOutcome inFlink(PlannedStatement planned, long maxRows, StatementLimits limits, QueryTrace trace) {
        return flink.execute(planned, maxRows, limits.queryTimeout(), trace, planScope());
    }

    private StatementOutcome stopJob(PlannedStatement planned) {
        return stopJob.runWithSessionOptions(
                planned.stopJob(),
                environment.current().getConfig(),
                options.refreshQuerySettings().timeout());
    }

    private static StatementOutcome answered(GatewayStatement statement, StatementOutcome.Rows rows) {
        statement.replaceResult(rows);
        return rows;
    }

    /**
     * The session as the plan cache sees it. It shares plans with other sessions until it may have created an object
     * of its own, by which a name could resolve differently here than elsewhere: a temporary table, view or function, a
     * catalog, a module, a jar.
     */
    private PlanScope planScope() {
        return new PlanScope(id, stateVersion.current(), !stateVersion.createdObjects() && !policies.loadedUserCode());
    }

    /**
     * The session's current catalog and database. Read from its TableEnvironment (waiting for a statement that
     * executes) only when a statement may have moved it since the last time; else answered at once.
     */
    public CurrentNamespace currentNamespace() {
        return stateVersion.namespace(() -> withTableEnvironment(table ->
                new CurrentNamespace(table.getCurrentCatalog(), table.getCurrentDatabase(), stateVersion.current())));
    }

    /** Whether statements that may write data or change a catalog are refused ({@code Connection.setReadOnly}). */
    public void setReadOnly(boolean readOnly) {
        transaction.setReadOnly(readOnly);
    }

    /**
     * Ends the connection's transaction, as far as Flink has one: returns how many statements wrote data since the
     * last commit or rollback, each of which took effect when it ran, and starts counting again.
     */
    public int endTransaction() {
        return transaction.end();
    }

    /**
     * Cancels the result of statement {@code statementId}: its job is cancelled and a fetch fails; the statement
     * stays open for the client to close or run again.
     *
     * @return whether the session has that statement
     */
    public boolean cancelResult(int statementId) {
        Optional<GatewayStatement> statement = findStatement(statementId);
        statement.ifPresent(found -> found.replaceResult(null));
        return statement.isPresent();
    }

    /** The statements in this session's history, newest last; for the web page. */
    public List<QuerySummary> queries() {
        return history.summaries();
    }

    /**
     * How often a statement that may change catalogs, the current catalog or database, or options has run (DDL,
     * {@code USE}, {@code SET}, {@code RESET}, unclassified); a cached answer computed at another version is stale.
     */
    public long stateVersion() {
        return stateVersion.current();
    }

    /**
     * Runs {@code action} on this session's TableEnvironment while no statement executes, because a TableEnvironment
     * is not thread-safe; for catalog reads and planning that must not submit a job.
     *
     * @throws dev.sluice.gateway.planning.SessionStillPlanningException at once while a statement whose planning was
     *     given up (past its bound, or cancelled) still plans
     */
    public <T> T withTableEnvironment(Function<TableEnvironment, T> action) {
        return execution.withLock(() -> action.apply(environment.onCurrentThread()));
    }

    /** Closes the results that their clients have not read for {@code timeout}; returns how many. */
    int closeIdleResults(Duration timeout) {
        return statements.closeIdleResults(timeout);
    }

    /** Closes every statement (cancelling running jobs), drops the TableEnvironment, hands on the history. */
    @Override
    public void close() {
        submissions.cancelWaiting(); // a statement still waiting for the cluster will not run
        statements.closeAll();
        history.sessionClosed(); // after its results closed, so that their statements have ended
        jobPlans.invalidateSession(id);
        results.invalidateSession(id);
        LOG.debug("Session {} closed", id);
    }
}
