package dev.sluice.gateway.statement;

import dev.sluice.gateway.config.ResultMode;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.dataaccess.SessionDataAccess;
import dev.sluice.gateway.history.QueryHistory;
import dev.sluice.gateway.history.QueryObserver;
import dev.sluice.gateway.history.QueryTrace;
import dev.sluice.gateway.history.SessionClock;
import dev.sluice.gateway.push.ResultEndpointServer;
import dev.sluice.gateway.result.ChangeColumn;
import dev.sluice.gateway.result.CollectedQueryRows;
import dev.sluice.gateway.result.CountedQueryRows;
import dev.sluice.gateway.result.LocalQueryRows;
import dev.sluice.gateway.result.MaterializedLimits;
import dev.sluice.gateway.result.MaterializedResultCursor;
import dev.sluice.gateway.result.PlanLines;
import dev.sluice.gateway.result.QueryDeadline;
import dev.sluice.gateway.result.QueryRows;
import dev.sluice.gateway.result.ResultCursor;
import dev.sluice.gateway.result.ResultProgress;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.gateway.result.StreamingResultCursor;
import dev.sluice.gateway.result.TimedQueryRows;
import dev.sluice.gateway.resultcache.ResultFill;
import dev.sluice.gateway.resultcache.SessionResultCache;
import dev.sluice.gateway.settings.QuerySettings;
import dev.sluice.gateway.settings.SessionEnvironment;
import dev.sluice.gateway.settings.SessionOptionCommands;
import dev.sluice.jobs.CollectResultReader;
import dev.sluice.jobs.JobCancellation;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.jobs.NextJob;
import dev.sluice.jobs.QueryTimeoutException;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.jobs.Submitted;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.QueryStartDate;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.access.CheckedStatements;
import dev.sluice.planner.cache.JobPlanCache;
import dev.sluice.planner.cache.PlanCacheResult;
import dev.sluice.planner.cache.PlanKind;
import dev.sluice.planner.cache.PlanScope;
import dev.sluice.planner.push.ResultChanges;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.RetryExhaustedException;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.LocalDate;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import static java.util.Objects.requireNonNull;

/**
 * Runs a statement in Flink: compiles it (through the job plan cache for a query), lets Flink submit its job through
 * the session's executor, waits for a DML job's end, and sets up the reading of a query's rows against the query's
 * deadline: pushed by the job's sink to the result endpoint when the cluster's transport is push (started and waited
 * for by {@link PushedQueryRunner}), else from its collect sink.
 *
 * <p>Not thread-safe: used under the session's execution lock. The cursors it returns are read without that lock.
 */
public final class FlinkStatementRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FlinkStatementRunner.class);

    private final String sessionId;
    private final ClusterEndpoint cluster;
    private final SessionEnvironment environment;
    private final SessionOptionCommands options;
    private final JobPlanCache jobPlans;
    private final JobSubmissions submissions;
    private final QueryHistory history;
    private final QueryObserver observer;
    private final SessionClock clock;
    private final MaterializedLimits materializedLimits;
    // the job of the DML executing now, whose end it waits for; a cancel from another thread cancels it
    private volatile @Nullable JobClient awaitedJob;
    // a cancel arrived while the statement executing now planned or waited: its job is cancelled once it has one
    private volatile boolean cancelRequested;
    private final ResultTransports transports;
    private final SessionDataAccess dataAccess;
    private final JobNames jobNames;
    // the push path of queries: the cluster's results are pushed by their jobs' sinks to the result endpoint
    private final PushedQueryRunner pushed;
    // answers pushed batch queries from the gateway's result cache, and keeps their results there
    private final SessionResultCache results;

    /**
     * @param materializedLimits how much a folded streaming changelog may hold in the gateway
     * @param loadedUserCode whether the session may have loaded code from a jar, so that its jobs share no job
     */
    public FlinkStatementRunner(
            SessionContext context,
            SessionEnvironment environment,
            SessionOptionCommands options,
            QueryHistory history,
            MaterializedLimits materializedLimits,
            BooleanSupplier loadedUserCode) {
        requireNonNull(context, "context is null");
        this.sessionId = context.sessionId();
        this.cluster = context.cluster();
        this.environment = requireNonNull(environment, "environment is null");
        this.options = requireNonNull(options, "options is null");
        this.jobPlans = context.jobPlans();
        this.submissions = context.submissions();
        this.history = requireNonNull(history, "history is null");
        this.observer = context.observer();
        this.clock = context.clock();
        this.materializedLimits = requireNonNull(materializedLimits, "materializedLimits is null");
        this.transports = context.transports();
        this.dataAccess = context.dataAccess();
        this.jobNames = new JobNames(sessionId);
        this.pushed = new PushedQueryRunner(context, loadedUserCode);
        this.results = new SessionResultCache(context.results(), sessionId);
    }

    /**
     * Runs {@code sql} in Flink.
     *
     * @param maxRows the most rows the result may return; 0 or less for no limit
     * @param statementTimeout the statement's own query timeout ({@code Statement.setQueryTimeout}), in place of the
     *     session's {@code sluice.query.timeout}; zero for none
     * @param planScope the session as the plan cache sees it: its id, state version, and whether it shares plans
     */
    public StatementOutcome execute(
            PlannedStatement statement,
            long maxRows,
            Duration statementTimeout,
            QueryTrace trace,
            PlanScope planScope) {
        // a batch query's CURRENT_DATE is the date it starts: written in, its plan may be reused (QueryStartDate)
        PlannedStatement planned = statement.kind() == StatementKind.QUERY
                        && environment.runtimeMode() == RuntimeExecutionMode.BATCH
                ? QueryStartDate.bind(
                        statement,
                        LocalDate.now(environment.onCurrentThread().getConfig().getLocalTimeZone()))
                : statement;
        try {
            return run(planned, maxRows, statementTimeout, trace, planScope);
        } finally {
            results.statementEnded(); // what it wrote is stale from its end too
        }
    }

    private StatementOutcome run(
            PlannedStatement planned, long maxRows, Duration statementTimeout, QueryTrace trace, PlanScope planScope) {
        StatementKind kind = planned.kind();
        String sql = planned.sql();
        cancelRequested = false;
        LOG.debug("Session {} executes {} statement: {}", sessionId, kind, sql);
        QuerySettings settings = options.refreshQuerySettings();
        QueryDeadline deadline = statementTimeout.isZero()
                ? new QueryDeadline(trace.startNanos(), settings.timeout(), SessionOptions.QUERY_TIMEOUT.key())
                : new QueryDeadline(trace.startNanos(), statementTimeout, QueryDeadline.STATEMENT_TIMEOUT);
        NextJob nextJob = NextJob.of(jobNames.request(trace.statementId(), deadline, clock.nanoTime()));
        TableEnvironment tableEnvironment = environment.onCurrentThread();
        Optional<ResultEndpointServer> pushEndpoint =
                kind == StatementKind.QUERY ? transports.pushEndpointFor(cluster) : Optional.empty();
        if (pushEndpoint.isPresent()) {
            ResultFill fill = null;
            if (results.isEnabled()
                    && settings.resultCacheEnabled()
                    && environment.runtimeMode() == RuntimeExecutionMode.BATCH) {
                SessionResultCache.Lookup lookup =
                        results.lookup(tableEnvironment, planned, planScope, dataAccess, maxRows, trace);
                if (lookup instanceof SessionResultCache.Hit hit) {
                    return hit.rows();
                }
                fill = ((SessionResultCache.Miss) lookup).fill();
            }
            Optional<PushedQueryStarter.StartedQuery> started = pushed.run(
                    pushEndpoint.get(), tableEnvironment, planned, settings, planScope, trace, deadline, nextJob, fill);
            if (started.isPresent()) {
                QueryRows rows = fill == null
                        ? started.get().rows()
                        : fill.capturing(started.get().rows(), started.get().schema(), tableEnvironment);
                return pushedRowsOutcome(
                        started.get(),
                        rows,
                        new RowsReading(
                                maxRows, settings.resultMode(), started.get().changes()),
                        trace,
                        deadline);
            }
            // the cluster cannot reach the endpoint and is collect-only now: the query runs again, collected
        }
        Submitted<TableResult> submitted;
        try {
            // Flink submits the statement's job, if it has one, through the session's executor while this runs
            submitted = submissions.submit(
                    nextJob,
                    () -> kind == StatementKind.QUERY
                            ? executeQuery(tableEnvironment, settings, planned, trace, planScope)
                            : CheckedStatements.executeSql(tableEnvironment, sql, results.observingWrites(dataAccess))
                                    .result());
        } catch (RuntimeException e) {
            throw ClusterUnavailableException.reportedAs(cluster, e);
        }
        TableResult result = submitted.value();
        takeSubmission(trace, submitted.timings());
        if (result.getResultKind() == ResultKind.SUCCESS) {
            return new StatementOutcome.UpdateCount(0);
        }
        if (kind == StatementKind.DML) {
            result.getJobClient().ifPresent(job -> {
                awaitedJob = job;
                if (cancelRequested) {
                    JobCancellation.request(job); // cancelled while it was planned or submitted
                }
                try {
                    awaitJobEnd(job, settings, deadline);
                } finally {
                    awaitedJob = null;
                }
            });
            return AffectedRows.of(result);
        }
        if (kind == StatementKind.EXPLAIN) {
            return PlanLines.of(result);
        }
        QueryRows queryRows = queryRows(result, settings);
        if (queryRows instanceof ResultProgress progress) {
            trace.readingWith(progress);
        }
        Optional<JobClient> job = result.getJobClient();
        // the push path learns whether a streaming result is insert-only when it compiles the query; the collect path
        // asks the planner once more, in streaming mode only
        return rowsOutcome(
                result.getResolvedSchema(),
                queryRows,
                new RowsReading(maxRows, settings.resultMode(), ResultChanges.ofQuery(tableEnvironment, sql)),
                trace,
                deadline,
                () -> job.ifPresent(JobCancellation::request));
    }

    /**
     * Cancels what the statement executing now waits for, if anything: a pushed query's sink that has not connected, a
     * DML's job whose end it awaits. Safe from any thread.
     */
    public void cancelWhileExecuting() {
        cancelRequested = true;
        pushed.cancelStarting();
        JobClient job = awaitedJob;
        if (job != null) {
            JobCancellation.request(job); // the wait for its end then ends, and the statement fails with HY008
        }
    }

    /**
     * The cursor over {@code rows}, the rows of a query that {@link PushedQueryRunner} started (kept for the result
     * cache on their way, where it may), with its job's timings traced.
     */
    private StatementOutcome pushedRowsOutcome(
            PushedQueryStarter.StartedQuery started,
            QueryRows rows,
            RowsReading reading,
            QueryTrace trace,
            QueryDeadline deadline) {
        takeSubmission(trace, started.timings());
        trace.readingWith(started.rows());
        return rowsOutcome(started.schema(), rows, reading, trace, deadline, started.rows()::close);
    }

    /**
     * How a query's rows are to be read: at most {@code maxRows} (0 or less for all), in {@code mode}, of a result
     * that holds {@code changes}.
     */
    private record RowsReading(long maxRows, ResultMode mode, ResultChanges changes) {}

    /**
     * Hands the timings of the statement's job, if it submitted one (or rides in one), to its trace, which holds the
     * job's place in admission until the result ends, and its plan to the observer.
     */
    private void takeSubmission(QueryTrace trace, @Nullable SubmissionTimings timings) {
        trace.submitted(timings);
        PlanCacheResult cacheResult = trace.planCache();
        if (cacheResult != null && timings != null) {
            observer.planned(cluster.name(), PlanKind.JOB, cacheResult, timings.compiledNanos() - trace.startNanos());
        }
    }

    /**
     * The cursor over a query's rows, read against its deadline. In batch mode and for a streaming result of inserts
     * only, page by page as the job makes them; a streaming changelog either as changes, with their kinds in a first
     * column, or folded into its final table before the first row goes out.
     */
    private StatementOutcome rowsOutcome(
            ResolvedSchema schema,
            QueryRows queryRows,
            RowsReading reading,
            QueryTrace trace,
            QueryDeadline deadline,
            Runnable cancelJob) {
        TimedQueryRows rows = new TimedQueryRows(
                new CountedQueryRows(queryRows, trace::rowsArrived),
                deadline,
                clock::nanoTime,
                (outcome, how) -> history.finish(trace, outcome, how));
        // a cancel ends the result as cancelled before it stops the job, so that a fetch it breaks is not a failure
        Runnable cancel = () -> {
            rows.cancelled();
            cancelJob.run();
        };
        boolean streaming = environment.runtimeMode() == RuntimeExecutionMode.STREAMING;
        if (streaming && reading.mode() == ResultMode.CHANGELOG) {
            return new StatementOutcome.Rows(
                    ChangeColumn.prependTo(schema), StreamingResultCursor.ofChanges(rows, reading.maxRows()), cancel);
        }
        ResultCursor cursor = streaming && reading.changes() == ResultChanges.UPDATING
                ? new MaterializedResultCursor(rows.asIterator(), materializedLimits, reading.maxRows())
                : new StreamingResultCursor(rows, reading.maxRows());
        return new StatementOutcome.Rows(schema, cursor, cancel);
    }

    /**
     * Runs a query through the plan cache, unless the gateway or the session has it off; either way Flink submits the
     * job through the session's executor.
     */
    private TableResult executeQuery(
            TableEnvironment tableEnvironment,
            QuerySettings settings,
            PlannedStatement planned,
            QueryTrace trace,
            PlanScope planScope) {
        if (!jobPlans.isEnabled() || !settings.planCacheEnabled()) {
            trace.planned(PlanCacheResult.SKIP);
            return CheckedStatements.executeSql(tableEnvironment, planned.sql(), dataAccess)
                    .result();
        }
        JobPlanCache.Execution execution = jobPlans.execute(tableEnvironment, planScope, planned, dataAccess);
        trace.planned(execution.cacheResult());
        return execution.result();
    }

    /**
     * A query with a job is read from its collect sink by Sluice's reader, on the session's collect strategy; a result
     * Flink computed without a job is passed through.
     */
    private QueryRows queryRows(TableResult result, QuerySettings settings) {
        Optional<JobClient> job = result.getJobClient();
        if (job.isEmpty()) {
            return new LocalQueryRows(result.collect());
        }
        CollectSinkHandles.CollectSink sink = CollectSinkHandles.inspect(result.collect());
        CollectResultReader<RowData> reader =
                new CollectResultReader<>(sink.handle(), job.get(), settings.resultPoller());
        return new CollectedQueryRows(reader, sink.toRow(), cluster);
    }

    /** Waits for a DML job to end on the session's collect strategy; the wait cancels a job that outlives it. */
    private void awaitJobEnd(JobClient job, QuerySettings settings, QueryDeadline deadline) {
        try {
            settings.jobEndWait().await(job, deadline.remaining(clock.nanoTime()));
        } catch (DeadlineExceededException | RetryExhaustedException e) {
            throw QueryTimeoutException.of(
                    "The statement's job did not end",
                    e,
                    deadline.setting(),
                    deadline.timeout(),
                    deadline.elapsed(clock.nanoTime()));
        }
    }
}
