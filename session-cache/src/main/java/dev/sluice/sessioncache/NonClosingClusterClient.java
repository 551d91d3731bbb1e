package dev.sluice.sessioncache;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.CheckpointType;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.client.JobStatusMessage;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.messages.Acknowledge;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.streaming.api.graph.ExecutionPlan;
import org.apache.flink.util.AbstractID;
import org.apache.flink.util.FlinkException;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/** A shared cluster client handed to a caller that will close it: every call is delegated except close. */
public final class NonClosingClusterClient<T> implements ClusterClient<T> {
    private final ClusterClient<T> shared;
    private final ExecutionGraphCacheTtl cacheTtl;

    NonClosingClusterClient(ClusterClient<T> shared, ExecutionGraphCacheTtl cacheTtl) {
        this.shared = requireNonNull(shared, "shared is null");
        this.cacheTtl = requireNonNull(cacheTtl, "cacheTtl is null");
    }

    @Override
    public void close() {
        // the cache owns the shared client
    }

    /** The shared client, for calls that Flink's {@link ClusterClient} interface does not have. */
    public ClusterClient<T> shared() {
        return shared;
    }

    /** How long the cluster's JobManager caches job details, asked once per shared client. */
    public ExecutionGraphCacheTtl cacheTtl() {
        return cacheTtl;
    }

    @Override
    public T getClusterId() {
        return shared.getClusterId();
    }

    @Override
    public Configuration getFlinkConfiguration() {
        return shared.getFlinkConfiguration();
    }

    @Override
    public void shutDownCluster() {
        throw new UnsupportedOperationException("A gateway never shuts a session cluster down");
    }

    @Override
    public String getWebInterfaceURL() {
        return shared.getWebInterfaceURL();
    }

    @Override
    public CompletableFuture<Collection<JobStatusMessage>> listJobs() throws Exception {
        return shared.listJobs();
    }

    @Override
    public CompletableFuture<Acknowledge> disposeSavepoint(String savepointPath) throws FlinkException {
        return shared.disposeSavepoint(savepointPath);
    }

    @Override
    public CompletableFuture<JobID> submitJob(ExecutionPlan executionPlan) {
        return shared.submitJob(executionPlan);
    }

    @Override
    public CompletableFuture<JobStatus> getJobStatus(JobID jobId) {
        return shared.getJobStatus(jobId);
    }

    @Override
    public CompletableFuture<JobResult> requestJobResult(JobID jobId) {
        return shared.requestJobResult(jobId);
    }

    @Override
    public CompletableFuture<Map<String, Object>> getAccumulators(JobID jobId, ClassLoader loader) {
        return shared.getAccumulators(jobId, loader);
    }

    @Override
    public CompletableFuture<Acknowledge> cancel(JobID jobId) {
        return shared.cancel(jobId);
    }

    @Override
    public CompletableFuture<String> cancelWithSavepoint(
            JobID jobId, String savepointDirectory, SavepointFormatType formatType) {
        return shared.cancelWithSavepoint(jobId, savepointDirectory, formatType);
    }

    @Override
    public CompletableFuture<String> stopWithSavepoint(
            JobID jobId, boolean advanceToEndOfEventTime, String savepointDirectory, SavepointFormatType formatType) {
        return shared.stopWithSavepoint(jobId, advanceToEndOfEventTime, savepointDirectory, formatType);
    }

    @Override
    public CompletableFuture<String> stopWithDetachedSavepoint(
            JobID jobId, boolean advanceToEndOfEventTime, String savepointDirectory, SavepointFormatType formatType) {
        return shared.stopWithDetachedSavepoint(jobId, advanceToEndOfEventTime, savepointDirectory, formatType);
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(
            JobID jobId, String savepointDirectory, SavepointFormatType formatType) {
        return shared.triggerSavepoint(jobId, savepointDirectory, formatType);
    }

    @Override
    public CompletableFuture<Long> triggerCheckpoint(JobID jobId, CheckpointType checkpointType) {
        return shared.triggerCheckpoint(jobId, checkpointType);
    }

    @Override
    public CompletableFuture<String> triggerDetachedSavepoint(
            JobID jobId, String savepointDirectory, SavepointFormatType formatType) {
        return shared.triggerDetachedSavepoint(jobId, savepointDirectory, formatType);
    }

    @Override
    public CompletableFuture<CoordinationResponse> sendCoordinationRequest(
            JobID jobId, String operatorUid, CoordinationRequest request) {
        return shared.sendCoordinationRequest(jobId, operatorUid, request);
    }

    @Override
    public CompletableFuture<Set<AbstractID>> listCompletedClusterDatasetIds() {
        return shared.listCompletedClusterDatasetIds();
    }

    @Override
    public CompletableFuture<Void> invalidateClusterDataset(AbstractID clusterDatasetId) {
        return shared.invalidateClusterDataset(clusterDatasetId);
    }

    @Override
    public CompletableFuture<Void> reportHeartbeat(JobID jobId, long expiredTimestamp) {
        return shared.reportHeartbeat(jobId, expiredTimestamp);
    }
}
