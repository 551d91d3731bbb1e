package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.result.ListResultCursor;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.planner.StopJobStatement;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Runs {@code STOP JOB}, which Flink's TableEnvironment cannot: as Flink's SQL gateway does, it cancels the job, or
 * with {@code WITH SAVEPOINT} stops it with a savepoint and answers the savepoint's path.
 *
 * <p>Only a job that a session of the same user submitted through this gateway may be stopped; the job must be on the
 * session's cluster and not have ended. {@code SHOW JOBS} lists every job of the cluster, so saying which of these
 * checks failed tells nothing new.
 */
public final class StopJobCommand {
    private static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(1);

    static final ResolvedSchema SAVEPOINT_SCHEMA = ResolvedSchema.of(
            Column.physical("savepoint path", DataTypes.STRING().notNull()));

    private static final Logger LOG = LoggerFactory.getLogger(StopJobCommand.class);

    private final String sessionId;
    private final String clusterName;
    private final SessionJobs jobs;

    public StopJobCommand(String sessionId, String clusterName, SessionJobs jobs) {
        this.sessionId = requireNonNull(sessionId, "sessionId is null");
        this.clusterName = requireNonNull(clusterName, "clusterName is null");
        this.jobs = requireNonNull(jobs, "jobs is null");
    }

    /**
     * Stops a job with the session's savepoint directory, if it sets one, and waits for the cluster at most the
     * session's query timeout (a minute when it has none).
     *
     * @param sessionOptions the session's options, for {@code execution.checkpointing.savepoint-dir}
     * @param queryTimeout the session's query timeout; zero for none
     */
    public StatementOutcome runWithSessionOptions(
            StopJobStatement statement, ReadableConfig sessionOptions, Duration queryTimeout) {
        String savepointDirectory = sessionOptions
                .getOptional(CheckpointingOptions.SAVEPOINT_DIRECTORY)
                .orElse(null);
        return run(statement, savepointDirectory, queryTimeout.isZero() ? DEFAULT_TIMEOUT : queryTimeout);
    }

    /**
     * @param savepointDirectory the session's savepoint directory, or null for the cluster's default
     * @param timeout how long to wait for the cluster's acknowledgement, or for the savepoint
     * @throws NoSuchJobException if the cluster does not list the job
     * @throws JobNotOwnedException if no session of this user submitted it
     * @throws JobEndedException if it has ended already
     */
    public StatementOutcome run(StopJobStatement statement, @Nullable String savepointDirectory, Duration timeout) {
        String jobId = statement.jobId();
        ClusterJob job = requireJob(jobId);
        if (!jobs.ownedBySessionUser(jobId)) {
            throw new JobNotOwnedException(jobId);
        }
        if (JobStatus.valueOf(job.state()).isGloballyTerminalState()) {
            throw new JobEndedException(jobId, job.state());
        }
        if (!statement.withSavepoint()) {
            jobs.cancel(jobId, timeout);
            LOG.info("Session {}: job {} cancelled by STOP JOB", sessionId, jobId);
            return new StatementOutcome.UpdateCount(0);
        }
        String path = jobs.stopWithSavepoint(jobId, statement.withDrain(), savepointDirectory, timeout);
        LOG.info("Session {}: job {} stopped by STOP JOB with a savepoint at {}", sessionId, jobId, path);
        return new StatementOutcome.Rows(SAVEPOINT_SCHEMA, new ListResultCursor(List.of(Row.of(path))));
    }

    private ClusterJob requireJob(String jobId) {
        return jobs.list().stream()
                .filter(job -> job.id().equals(jobId))
                .findFirst()
                .orElseThrow(() -> new NoSuchJobException(jobId, clusterName));
    }
}
