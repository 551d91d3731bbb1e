package dev.sluice.gateway.history;

import dev.sluice.gateway.result.ResultProgress;
import dev.sluice.jobs.JobLifetime;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.planner.StatementKind;
import dev.sluice.planner.cache.PlanCacheResult;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * The life of one statement of a session: when it passed each phase, how often its result was polled, and how it
 * ended. Written by the thread that runs or fetches the statement, read by {@code SHOW QUERY HISTORY} from another.
 */
public final class QueryTrace {
    private final String sql;
    private final int statementId;
    private final StatementKind kind;
    private final Instant startedAt;
    private final long startNanos;
    private volatile boolean planningGivenUp;
    private volatile @Nullable SubmissionTimings submission;
    private volatile @Nullable PlanCacheResult planCache;
    private volatile @Nullable ResultCacheResult resultCache;
    private volatile @Nullable ResultProgress progress;
    // arrives from the cluster after the statement ended, if it ran a job and the cluster could tell
    private volatile @Nullable JobLifetime jobLifetime;
    private volatile long endNanos = -1;
    private volatile String outcome = "running";
    private final AtomicLong rows = new AtomicLong();

    QueryTrace(String sql, StatementKind kind, Instant startedAt, long startNanos) {
        this(sql, kind, startedAt, startNanos, -1);
    }

    /** @param statementId the session's statement that runs it, for cancelling from the web page; -1 if unknown */
    QueryTrace(String sql, StatementKind kind, Instant startedAt, long startNanos, int statementId) {
        this.statementId = statementId;
        this.sql = requireNonNull(sql, "sql is null");
        this.kind = requireNonNull(kind, "kind is null");
        this.startedAt = requireNonNull(startedAt, "startedAt is null");
        this.startNanos = startNanos;
    }

    /** The session's statement that runs it; -1 if unknown. */
    public int statementId() {
        return statementId;
    }

    public void submitted(@Nullable SubmissionTimings timings) {
        this.submission = timings;
    }

    public void planned(PlanCacheResult cacheResult) {
        this.planCache = cacheResult;
    }

    public void resultCached(ResultCacheResult cacheResult) {
        this.resultCache = cacheResult;
    }

    /** What the result cache did, if the statement is a query it was asked for. */
    @Nullable
    public ResultCacheResult resultCache() {
        return resultCache;
    }

    /** How the plan was found, if the statement is a query that was planned. */
    @Nullable
    public PlanCacheResult planCache() {
        return planCache;
    }

    public void readingWith(ResultProgress progress) {
        this.progress = progress;
    }

    /** {@code count} more rows of the result came from the job. */
    public void rowsArrived(long count) {
        rows.addAndGet(count);
    }

    /**
     * Its planning was given up (past {@code sluice.query.max-planning-time}, or cancelled): its client was answered,
     * and Flink's planner goes on to its end and runs nothing; {@link #phase()} says so until the statement ends.
     */
    public void planningGivenUp() {
        planningGivenUp = true;
    }

    /**
     * Where the statement is: {@code planning} until its job is submitted (planning, the cluster's admission queue and
     * the submission), {@code running} until its first row, {@code reading} until the end of its result, then
     * {@code delivering} while its client reads the rest; {@code ended} once it has. {@code planning, given up} once
     * its client was answered while it planned ({@link #planningGivenUp}), until it ends.
     */
    String phase() {
        if (hasEnded()) {
            return "ended";
        }
        if (planningGivenUp) {
            return "planning, given up";
        }
        ResultProgress current = progress;
        if (current != null && current.endedAtNanos() >= 0) {
            return "delivering";
        }
        if (current != null && current.firstRowAtNanos() >= 0) {
            return "reading";
        }
        return submission == null && current == null ? "planning" : "running";
    }

    /**
     * The statement ended; only the first call counts, and only it returns true. Its job's place among the cluster's
     * jobs is given back.
     */
    synchronized boolean ended(String how, long nowNanos) {
        boolean first = endNanos < 0;
        if (first) {
            endNanos = nowNanos;
            outcome = requireNonNull(how, "how is null");
            ResultProgress current = progress;
            if (current != null) {
                progress = ResultProgress.frozen(current); // lets the result go: the history outlives it
            }
        }
        SubmissionTimings timings = submission;
        if (timings != null) {
            timings.permit().close();
        }
        return first;
    }

    /**
     * Has the cluster asked for the lifetime of the statement's job, once the statement ended (off its path: the answer
     * arrives later); empty if the statement ran no job.
     */
    Optional<CompletableFuture<JobLifetime>> readJobLifetime() {
        SubmissionTimings timings = submission;
        if (timings == null) {
            return Optional.empty();
        }
        timings.lifetime().statementEnded();
        return Optional.of(timings.lifetime().lifetime());
    }

    /** The lifetime of the statement's job, read from the cluster after the job ended. */
    void jobLived(JobLifetime lifetime) {
        this.jobLifetime = requireNonNull(lifetime, "lifetime is null");
    }

    /**
     * How long the statement's client waited beyond its job's own lifetime: the gateway's and the driver's time, which
     * no gateway can take below 0. Known once the statement ended and its job's lifetime arrived. It can come out
     * slightly negative for a pushed query, whose client may have all its rows before the job has wound down.
     */
    @Nullable
    Duration beyondJob() {
        JobLifetime lifetime = jobLifetime;
        long end = endNanos;
        if (lifetime == null || end < 0) {
            return null;
        }
        return Duration.ofNanos(end - startNanos).minus(lifetime.lifetime());
    }

    /**
     * When the statement's job was created, started running and ended, in milliseconds after the gateway's submission
     * of it (by the gateway's clock and the JobManager's, which agree only as well as the two machines' clocks do);
     * empty until the job's lifetime arrived.
     */
    Map<String, Double> jobMillisSinceSubmit() {
        JobLifetime lifetime = jobLifetime;
        SubmissionTimings timings = submission;
        Map<String, Double> times = new LinkedHashMap<>();
        if (lifetime == null || timings == null) {
            return times;
        }
        double submittedAtMillis = startedAt.toEpochMilli() + (timings.submittedNanos() - startNanos) / 1e6;
        times.put("created", lifetime.createdMillis() - submittedAtMillis);
        if (lifetime.runningMillis() >= 0) {
            times.put("running", lifetime.runningMillis() - submittedAtMillis);
        }
        times.put("ended", lifetime.endedMillis() - submittedAtMillis);
        return times;
    }

    public long startNanos() {
        return startNanos;
    }

    /** Whether the result is read from a job (collected or pushed), and so ends when that read ends. */
    public boolean isReadingAJob() {
        return progress != null;
    }

    public boolean hasEnded() {
        return endNanos >= 0;
    }

    StatementKind kind() {
        return kind;
    }

    /** Characters of text this trace holds: its statement and its outcome. */
    int textLength() {
        return sql.length() + outcome.length();
    }

    QueryPhases phases() {
        Map<String, Duration> phases = new LinkedHashMap<>();
        SubmissionTimings timings = submission;
        long reference = startNanos;
        if (timings != null) {
            phases.put(QueryPhases.PLAN, between(startNanos, timings.compiledNanos()));
            phases.put(QueryPhases.QUEUE, between(timings.compiledNanos(), timings.admittedNanos()));
            phases.put(QueryPhases.SUBMIT, between(timings.admittedNanos(), timings.submittedNanos()));
            phases.put(QueryPhases.START, between(timings.submittedNanos(), timings.runningNanos()));
            reference = timings.runningNanos();
        }
        ResultProgress current = progress;
        if (current != null) {
            long firstRow = current.firstRowAtNanos();
            long ended = current.endedAtNanos();
            if (firstRow >= 0) {
                phases.put(QueryPhases.FIRST_ROW, between(reference, firstRow));
                if (ended >= 0) {
                    phases.put(QueryPhases.LAST_ROW, between(firstRow, ended));
                }
            }
        }
        return new QueryPhases(phases);
    }

    /**
     * This statement for the web page; phases are in their order, which a sorted map keeps by insertion.
     *
     * @param sessionClosed whether its session has closed since
     */
    QuerySummary summary(String sessionId, String cluster, long nowNanos, boolean sessionClosed) {
        Map<String, Double> phaseMillis = new LinkedHashMap<>();
        phases().durations().forEach((phase, duration) -> phaseMillis.put(phase, duration.toNanos() / 1e6));
        SubmissionTimings timings = submission;
        long end = endNanos;
        Duration beyondJob = beyondJob();
        return new QuerySummary(
                sessionId,
                statementId,
                cluster,
                startedAt,
                kind.name(),
                sql,
                timings == null ? null : timings.jobId().toHexString(),
                outcome,
                end < 0,
                phase(),
                rows.get(),
                phaseMillis,
                between(startNanos, end >= 0 ? end : nowNanos).toNanos() / 1e6,
                jobMillisSinceSubmit(),
                beyondJob == null ? null : millis(beyondJob),
                resultCache == null ? null : resultCache.label(),
                sessionClosed);
    }

    /**
     * A row of {@code SHOW QUERY HISTORY}; see {@link QueryHistory#SCHEMA}.
     *
     * @param closedSessionId the session that ran it, once that session has closed; null while it is open
     */
    Row toRow(long nowNanos, @Nullable String closedSessionId) {
        QueryPhases phases = phases();
        SubmissionTimings timings = submission;
        ResultProgress current = progress;
        PlanCacheResult cacheResult = planCache;
        JobLifetime lifetime = jobLifetime;
        Duration beyondJob = beyondJob();
        long end = endNanos;
        return Row.of(
                // to the millisecond: the phases say the rest, and the column stays narrow
                startedAt.truncatedTo(ChronoUnit.MILLIS).toString(),
                kind.name(),
                between(startNanos, end >= 0 ? end : nowNanos).toNanos() / 1e6,
                millis(phases, QueryPhases.PLAN),
                cacheResult == null ? null : cacheResult.label(),
                resultCache == null ? null : resultCache.label(),
                millis(phases, QueryPhases.QUEUE),
                millis(phases, QueryPhases.SUBMIT),
                millis(phases, QueryPhases.START),
                millis(phases, QueryPhases.FIRST_ROW),
                millis(phases, QueryPhases.LAST_ROW),
                lifetime == null ? null : millis(lifetime.lifetime()),
                lifetime == null
                        ? null
                        : lifetime.running().map(QueryTrace::millis).orElse(null),
                beyondJob == null ? null : millis(beyondJob),
                current == null ? null : current.polls(),
                timings == null ? null : timings.jobId().toHexString(),
                closedSessionId,
                outcome,
                sql);
    }

    private static @Nullable Double millis(QueryPhases phases, String phase) {
        Duration duration = phases.durations().get(phase);
        return duration == null ? null : millis(duration);
    }

    private static Double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }

    private static Duration between(long fromNanos, long toNanos) {
        return Duration.ofNanos(Math.max(0, toNanos - fromNanos));
    }
}
