package dev.sluice.gateway.session;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.plan.ConstantPlan;
import dev.sluice.gateway.plan.ConstantQueries;
import dev.sluice.gateway.plan.JobPlanCache;
import dev.sluice.gateway.plan.PlanCacheResult;
import dev.sluice.gateway.plan.PlanKind;
import dev.sluice.planner.SessionOptionStatement;
import dev.sluice.planner.SqlLexer;
import dev.sluice.planner.StatementClassifier;
import dev.sluice.planner.StatementKind;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.RetryExhaustedException;
import dev.sluice.session.ClusterEndpoint;
import dev.sluice.session.ClusterUnavailableException;
import dev.sluice.session.CollectResultReader;
import dev.sluice.session.JobFailedException;
import dev.sluice.session.QueryTimeoutException;
import dev.sluice.session.SubmissionTimings;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ConfigurationUtils;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * The gateway side of one JDBC connection: a Flink TableEnvironment (catalogs, temporary tables, options) bound to
 * one session cluster, and the connection's statements.
 *
 * <p>A TableEnvironment is not thread-safe, so statements of one session execute one at a time; fetching results
 * does not take that lock, so a slow fetch on one statement does not block another statement's execution.
 */
public final class GatewaySession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GatewaySession.class);
    private static final Pattern QUERY_HISTORY =
            Pattern.compile("\\s*SHOW\\s+QUERY\\s+HISTORY\\s*;?\\s*", Pattern.CASE_INSENSITIVE);
    private static final int HISTORY_SIZE = 100;
    /** The columns of {@code SHOW QUERY HISTORY}: one row per statement, times in milliseconds. */
    static final ResolvedSchema HISTORY_SCHEMA = ResolvedSchema.of(
            Column.physical("started_at", DataTypes.STRING().notNull()),
            Column.physical("statement", DataTypes.STRING().notNull()),
            Column.physical("kind", DataTypes.STRING().notNull()),
            Column.physical("job_id", DataTypes.STRING()),
            Column.physical("outcome", DataTypes.STRING().notNull()),
            Column.physical("plan_ms", DataTypes.DOUBLE()),
            Column.physical("plan_cache", DataTypes.STRING()),
            Column.physical("queue_ms", DataTypes.DOUBLE()),
            Column.physical("submit_ms", DataTypes.DOUBLE()),
            Column.physical("start_ms", DataTypes.DOUBLE()),
            Column.physical("first_row_ms", DataTypes.DOUBLE()),
            Column.physical("last_row_ms", DataTypes.DOUBLE()),
            Column.physical("total_ms", DataTypes.DOUBLE().notNull()),
            Column.physical("polls", DataTypes.INT()));

    private static final ResolvedSchema OPTIONS_SCHEMA = ResolvedSchema.of(
            Column.physical("key", DataTypes.STRING().notNull()), Column.physical("value", DataTypes.STRING()));

    private static final int MAX_CONSTANT_PLANS = 256;

    private final String id;
    private final ClusterEndpoint cluster;
    private final Function<Configuration, TableEnvironment> environmentFactory;
    // replaced only by a runtime-mode switch, under executionLock
    private volatile TableEnvironment tableEnvironment;
    private volatile PlannerThreadState plannerThreadState;
    private final Configuration defaults;
    private final int maxMaterializedRows;
    private final QueryObserver observer;
    private final ReentrantLock executionLock = new ReentrantLock();
    private final Map<Integer, GatewayStatement> statements = new ConcurrentHashMap<>();
    private final AtomicInteger nextStatementId = new AtomicInteger();
    // bumped by every statement that may change catalogs or options; caches of catalog answers compare it
    private final AtomicLong stateVersion = new AtomicLong();
    // plans of constant queries by state version and normal form; bounded, as clients may send endless variants
    private final Cache<String, Optional<ConstantPlan>> constantPlans =
            Caffeine.newBuilder().maximumSize(MAX_CONSTANT_PLANS).build();
    // plans of queries with a job, shared by the gateway's sessions; this session's are dropped when its state changes
    private final JobPlanCache jobPlans;
    private volatile long lastUsedNanos;
    private final Supplier<Optional<SubmissionTimings>> submissions;
    // takes a statement of this session that waits for the cluster's admission out of the queue
    private final Runnable cancelAdmissionWait;
    private final ArrayDeque<QueryTrace> history = new ArrayDeque<>();
    // read and replaced under executionLock
    private QuerySettings querySettings;

    GatewaySession(
            String id,
            ClusterEndpoint cluster,
            Function<Configuration, TableEnvironment> environmentFactory,
            Configuration defaults,
            int maxMaterializedRows,
            QueryObserver observer,
            Supplier<Optional<SubmissionTimings>> submissions,
            JobPlanCache jobPlans,
            Runnable cancelAdmissionWait,
            long nowNanos) {
        this.submissions = requireNonNull(submissions, "submissions is null");
        this.cancelAdmissionWait = requireNonNull(cancelAdmissionWait, "cancelAdmissionWait is null");
        this.jobPlans = requireNonNull(jobPlans, "jobPlans is null");
        this.id = requireNonNull(id, "id is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.environmentFactory = requireNonNull(environmentFactory, "environmentFactory is null");
        this.defaults = requireNonNull(defaults, "defaults is null");
        this.tableEnvironment = environmentFactory.apply(defaults);
        this.plannerThreadState = PlannerThreadState.of(tableEnvironment);
        this.maxMaterializedRows = maxMaterializedRows;
        this.observer = requireNonNull(observer, "observer is null");
        this.lastUsedNanos = nowNanos;
        this.querySettings = QuerySettings.of(defaults, null);
    }

    public String id() {
        return id;
    }

    public ClusterEndpoint cluster() {
        return cluster;
    }

    /** The zone in which {@code TIMESTAMP_LTZ} values are shown ({@code table.local-time-zone}). */
    public java.time.ZoneId localTimeZone() {
        return tableEnvironment.getConfig().getLocalTimeZone();
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    void touch(long nowNanos) {
        lastUsedNanos = nowNanos;
    }

    /** Creates a statement; its id is unique within this session. */
    public GatewayStatement createStatement() {
        GatewayStatement statement = new GatewayStatement(nextStatementId.getAndIncrement());
        statements.put(statement.id(), statement);
        return statement;
    }

    /** @throws NoSuchStatementException if there is no such open statement */
    public GatewayStatement requireStatement(int statementId) {
        GatewayStatement statement = statements.get(statementId);
        if (statement == null) {
            throw new NoSuchStatementException(id, statementId);
        }
        return statement;
    }

    /** Closes a statement and its result; closing an unknown statement does nothing (JDBC close is idempotent). */
    public void closeStatement(int statementId) {
        GatewayStatement statement = statements.remove(statementId);
        if (statement != null) {
            statement.close();
        }
    }

    /**
     * Runs {@code sql} on {@code statement}, replacing the statement's previous result.
     *
     * @param maxRows the most rows the result may return (JDBC {@code setMaxRows}); 0 or less for no limit
     */
    public StatementOutcome execute(GatewayStatement statement, String sql, long maxRows) {
        requireNonNull(sql, "sql is null");
        statement.replaceResult(null);
        if (QUERY_HISTORY.matcher(sql).matches()) {
            StatementOutcome.Rows history = new StatementOutcome.Rows(HISTORY_SCHEMA, queryHistory());
            statement.replaceResult(history);
            return history;
        }
        StatementKind kind = StatementClassifier.classify(sql);
        long start = System.nanoTime();
        QueryTrace trace = remember(new QueryTrace(sql, kind, Instant.now(), start));
        boolean succeeded = false;
        executionLock.lock();
        try {
            StatementOutcome outcome = switch (kind) {
                case SET, RESET -> applySessionOption(SessionOptionStatement.parse(sql));
                case QUERY ->
                    answerWithoutJob(sql, maxRows, trace).orElseGet(() -> executeInFlink(kind, sql, maxRows, trace));
                default -> executeInFlink(kind, sql, maxRows, trace);
            };
            if (outcome instanceof StatementOutcome.Rows rows) {
                statement.replaceResult(rows);
            }
            succeeded = true;
            return outcome;
        } catch (RuntimeException | Error e) {
            trace.ended("failed: " + e.getMessage(), System.nanoTime());
            throw e;
        } finally {
            if (kind.changesSessionState()) {
                stateVersion.incrementAndGet();
                jobPlans.invalidateSession(id);
            }
            executionLock.unlock();
            observer.executed(cluster.name(), kind, System.nanoTime() - start, succeeded);
            if (!trace.isReadingAJob()) {
                finish(trace, "finished");
            }
        }
    }

    private QueryTrace remember(QueryTrace trace) {
        synchronized (history) {
            if (history.size() == HISTORY_SIZE) {
                history.removeFirst();
            }
            history.addLast(trace);
        }
        return trace;
    }

    private void finish(QueryTrace trace, String outcome) {
        if (!trace.hasEnded()) {
            trace.ended(outcome, System.nanoTime());
            observer.finished(cluster.name(), trace.phases());
            LOG.debug("Session {}: {} statement {} after {}", id, trace.kind(), outcome, trace.phases());
        }
    }

    /** The last {@value #HISTORY_SIZE} statements of this session with their phase timings, newest last. */
    private ResultCursor queryHistory() {
        long now = System.nanoTime();
        List<Row> rows = new ArrayList<>();
        synchronized (history) {
            history.forEach(trace -> rows.add(trace.toRow(now)));
        }
        return new ListResultCursor(rows);
    }

    /**
     * How often a statement that may change catalogs, the current catalog or database, or options has run (DDL,
     * {@code USE}, {@code SET}, {@code RESET}, unclassified); a cached answer computed at another version is stale.
     */
    public long stateVersion() {
        return stateVersion.get();
    }

    /**
     * Runs {@code action} on this session's TableEnvironment while no statement executes, because a TableEnvironment
     * is not thread-safe; for catalog reads and planning that must not submit a job.
     */
    public <T> T withTableEnvironment(Function<TableEnvironment, T> action) {
        executionLock.lock();
        try {
            plannerThreadState.installOnCurrentThread();
            return action.apply(tableEnvironment);
        } finally {
            executionLock.unlock();
        }
    }

    /**
     * Answers a query that reads no table in the gateway (a BI tool's {@code SELECT 1}); its plan is cached per
     * normal form of the text and state version, so a repeated check costs a map lookup.
     */
    private Optional<StatementOutcome> answerWithoutJob(String sql, long maxRows, QueryTrace trace) {
        if (!ConstantQueries.isCandidate(sql)) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        boolean cacheable = jobPlans.isEnabled() && querySettings.planCacheEnabled();
        String key = stateVersion.get() + "\n" + SqlLexer.normalize(sql);
        Optional<ConstantPlan> plan = cacheable ? constantPlans.getIfPresent(key) : null;
        PlanCacheResult cacheResult = plan != null ? PlanCacheResult.HIT : PlanCacheResult.MISS;
        if (plan == null) {
            plannerThreadState.installOnCurrentThread();
            plan = ConstantQueries.plan(tableEnvironment, sql);
            if (cacheable) {
                constantPlans.put(key, plan);
            } else {
                cacheResult = PlanCacheResult.SKIP;
            }
        }
        if (plan.isPresent()) {
            // a query that needs a job after all is planned again there, and counted there
            trace.planned(cacheResult);
            observer.planned(cluster.name(), PlanKind.CONSTANT, cacheResult, System.nanoTime() - start);
        }
        return plan.map(constant -> {
            List<Row> rows = constant.rows(Clock.systemUTC(), localTimeZone());
            if (maxRows > 0 && rows.size() > maxRows) {
                rows = rows.subList(0, (int) maxRows);
            }
            return new StatementOutcome.Rows(constant.schema(), new ListResultCursor(rows));
        });
    }

    private StatementOutcome executeInFlink(StatementKind kind, String sql, long maxRows, QueryTrace trace) {
        LOG.debug("Session {} executes {} statement: {}", id, kind, sql);
        querySettings = QuerySettings.of(tableEnvironment.getConfig().getConfiguration(), querySettings);
        QueryDeadline deadline = new QueryDeadline(trace.startNanos(), querySettings.timeout());
        // a job that an earlier, failed statement submitted: drop its timings and give back its place on the cluster
        submissions.get().ifPresent(stale -> stale.permit().close());
        plannerThreadState.installOnCurrentThread();
        TableResult result;
        try {
            result = kind == StatementKind.QUERY ? executeQuery(sql, trace) : tableEnvironment.executeSql(sql);
        } catch (RuntimeException e) {
            if (ClusterUnavailableException.isUnreachable(e)) {
                throw new ClusterUnavailableException(cluster, e);
            }
            throw e;
        }
        SubmissionTimings timings = submissions.get().orElse(null);
        trace.submitted(timings);
        PlanCacheResult cacheResult = trace.planCache();
        if (cacheResult != null && timings != null) {
            observer.planned(cluster.name(), PlanKind.JOB, cacheResult, timings.compiledNanos() - trace.startNanos());
        }
        if (result.getResultKind() == ResultKind.SUCCESS) {
            return new StatementOutcome.UpdateCount(0);
        }
        if (kind == StatementKind.DML) {
            result.getJobClient().ifPresent(job -> awaitJobEnd(job, deadline));
            return new StatementOutcome.UpdateCount(awaitAffectedRows(result));
        }
        QueryRows queryRows = queryRows(result);
        if (queryRows instanceof CollectedQueryRows collected) {
            trace.readingWith(collected.reader());
        }
        TimedQueryRows rows =
                new TimedQueryRows(queryRows, deadline, System::nanoTime, outcome -> finish(trace, outcome));
        ResultCursor cursor = runtimeMode() == RuntimeExecutionMode.STREAMING
                ? new MaterializedResultCursor(rows.asIterator(), maxMaterializedRows, maxRows)
                : new StreamingResultCursor(rows, maxRows);
        return new StatementOutcome.Rows(result.getResolvedSchema(), cursor);
    }

    /**
     * Runs a query through the plan cache, unless the gateway or the session has it off; either way Flink submits the
     * job through the session's executor.
     */
    private TableResult executeQuery(String sql, QueryTrace trace) {
        if (!jobPlans.isEnabled() || !querySettings.planCacheEnabled()) {
            trace.planned(PlanCacheResult.SKIP);
            return tableEnvironment.executeSql(sql);
        }
        JobPlanCache.Execution execution = jobPlans.execute(tableEnvironment, id, stateVersion.get(), sql);
        trace.planned(execution.cacheResult());
        return execution.result();
    }

    /**
     * A query with a job is read from its collect sink by Sluice's reader, on the session's collect strategy; a result
     * Flink computed without a job is passed through.
     */
    private QueryRows queryRows(TableResult result) {
        Optional<JobClient> job = result.getJobClient();
        if (job.isEmpty()) {
            return new LocalQueryRows(result.collect());
        }
        CollectSinkIntrospection.CollectSink sink = CollectSinkIntrospection.inspect(result.collect());
        CollectResultReader<RowData> reader =
                new CollectResultReader<>(sink.handle(), job.get(), querySettings.resultPoller());
        return new CollectedQueryRows(reader, sink.toRow(), cluster);
    }

    /**
     * Waits for a DML job to end on the session's collect strategy; Flink's job client would poll the job's result on
     * its own 10 ms to 2 s schedule.
     */
    private void awaitJobEnd(JobClient job, QueryDeadline deadline) {
        try {
            querySettings.jobEndPoller().poll(() -> status(job), deadline.remaining(System.nanoTime()));
        } catch (DeadlineExceededException | RetryExhaustedException e) {
            job.cancel();
            throw QueryTimeoutException.of(
                    "The statement's job did not end",
                    e,
                    SessionOptions.QUERY_TIMEOUT.key(),
                    deadline.timeout(),
                    deadline.elapsed(System.nanoTime()));
        }
    }

    private static JobStatus status(JobClient job) {
        try {
            return job.getJobStatus().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for job " + job.getJobID(), e);
        } catch (ExecutionException e) {
            throw new JobFailedException("Cannot get the status of job " + job.getJobID(), e.getCause());
        }
    }

    /**
     * Waits for a DML job and sums the row counts it reports per sink. Flink reports -1 where it does not know the
     * count; JDBC has no "unknown", so those count as 0.
     */
    private static long awaitAffectedRows(TableResult result) {
        long affected = 0;
        try (CloseableIterator<Row> rows = result.collect()) {
            while (rows.hasNext()) {
                Row row = rows.next();
                for (int i = 0; i < row.getArity(); i++) {
                    if (row.getField(i) instanceof Number count && count.longValue() > 0) {
                        affected += count.longValue();
                    }
                }
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("Closing the result of a DML statement failed", e);
        }
        return affected;
    }

    private RuntimeExecutionMode runtimeMode() {
        return tableEnvironment.getConfig().get(ExecutionOptions.RUNTIME_MODE);
    }

    private StatementOutcome applySessionOption(SessionOptionStatement statement) {
        Configuration options = tableEnvironment.getConfig().getConfiguration();
        if (statement instanceof SessionOptionStatement.SetOption set) {
            if (set.key().equals(ExecutionOptions.RUNTIME_MODE.key())) {
                switchRuntimeMode(set.value());
            } else {
                SessionScopedOptions.checkSettable(set.key());
                Configuration candidate = new Configuration(options);
                candidate.setString(set.key(), set.value());
                QuerySettings.of(candidate, querySettings); // refuses a bad strategy or timeout before it is set
                options.setString(set.key(), set.value());
            }
        } else if (statement instanceof SessionOptionStatement.ResetOption reset) {
            resetKey(options, reset.key());
        } else if (statement instanceof SessionOptionStatement.ResetAll) {
            for (String key : new ArrayList<>(options.keySet())) {
                resetKey(options, key);
            }
        } else {
            return new StatementOutcome.Rows(OPTIONS_SCHEMA, new ListResultCursor(optionRows(options)));
        }
        // read now, not at the next job: a query answered without a job reads the plan-cache switch too
        querySettings = QuerySettings.of(tableEnvironment.getConfig().getConfiguration(), querySettings);
        return new StatementOutcome.UpdateCount(0);
    }

    /**
     * Flink fixes the runtime mode when a TableEnvironment is created, so a switch builds a new one with the session's
     * options. Temporary tables, views, functions and catalogs live in the old one and cannot move; a switch that would
     * lose them is refused.
     */
    private void switchRuntimeMode(String value) {
        RuntimeExecutionMode mode;
        try {
            mode = RuntimeExecutionMode.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionValueException(ExecutionOptions.RUNTIME_MODE.key()
                    + " must be one of " + java.util.Arrays.toString(RuntimeExecutionMode.values()) + ", was '" + value
                    + "'");
        }
        if (mode == runtimeMode()) {
            return;
        }
        TableEnvironment current = tableEnvironment;
        boolean hasSessionObjects = current.listTemporaryTables().length > 0
                || current.listTemporaryViews().length > 0
                || current.listUserDefinedFunctions().length > 0
                || current.listCatalogs().length > 1;
        if (hasSessionObjects) {
            throw new UnsupportedOperationException("Cannot change " + ExecutionOptions.RUNTIME_MODE.key()
                    + " after creating temporary tables, views, functions or catalogs in this connection: Flink fixes"
                    + " the mode when the session starts. SET it first, or connect with ;"
                    + ExecutionOptions.RUNTIME_MODE.key() + "=" + mode.name().toLowerCase(java.util.Locale.ROOT));
        }
        Configuration next = new Configuration(defaults);
        next.addAll(current.getConfig().getConfiguration());
        next.set(ExecutionOptions.RUNTIME_MODE, mode);
        TableEnvironment replacement = environmentFactory.apply(next);
        plannerThreadState = PlannerThreadState.of(replacement);
        tableEnvironment = replacement;
        LOG.debug("Session {} switched to {} mode", id, mode);
    }

    private void resetKey(Configuration options, String key) {
        String gatewayDefault = defaults.toMap().get(key);
        if (gatewayDefault == null) {
            options.removeKey(key);
        } else {
            options.setString(key, gatewayDefault);
        }
    }

    private static List<Row> optionRows(Configuration options) {
        Map<String, String> sorted = new TreeMap<>(ConfigurationUtils.hideSensitiveValues(options.toMap()));
        List<Row> rows = new ArrayList<>(sorted.size());
        sorted.forEach((key, value) -> rows.add(Row.of(key, value)));
        return rows;
    }

    /** Closes every statement (cancelling running jobs) and drops the TableEnvironment. */
    @Override
    public void close() {
        cancelAdmissionWait.run();
        for (Integer statementId : new ArrayList<>(statements.keySet())) {
            closeStatement(statementId);
        }
        jobPlans.invalidateSession(id);
        LOG.debug("Session {} closed", id);
    }
}
