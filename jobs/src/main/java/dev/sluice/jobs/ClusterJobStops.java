package dev.sluice.jobs;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.sessioncache.ClusterClients;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterUnavailableException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/** Cancels a cluster's job, or stops it with a savepoint, through the cluster's shared client. */
public final class ClusterJobStops {
    // what Flink says when neither the request nor the cluster names a savepoint directory: its REST handler (which
    // checks first) and its StopWithSavepointTerminationManager; their messages are the only mark they have
    private static final List<String> NO_SAVEPOINT_DIRECTORY =
            List.of("Property [targetDirectory] must be provided", "No savepoint directory configured");

    private ClusterJobStops() {}

    /**
     * Asks the cluster to cancel job {@code jobId} and waits at most {@code timeout} for its acknowledgement, not for
     * the job to have ended.
     *
     * @throws ClusterUnavailableException if the cluster cannot be reached
     * @throws JobStopFailedException if the cluster refuses, or does not answer in time
     */
    public static void cancel(ClusterClients clients, ClusterEndpoint cluster, String jobId, Duration timeout) {
        call(clients, cluster, jobId, timeout, client -> client.cancel(JobID.fromHexString(jobId)));
    }

    /**
     * Stops job {@code jobId} with a savepoint, waiting at most {@code timeout} for the savepoint; returns its path.
     *
     * @param drain whether to advance the event time to its end first, firing every timer and window
     * @param directory where to write the savepoint; null for the cluster's default directory
     * @throws NoSavepointDirectoryException if {@code directory} is null and the cluster has no default
     * @throws ClusterUnavailableException if the cluster cannot be reached
     * @throws JobStopFailedException if the savepoint or the stop fails, or does not end in time
     */
    public static String stopWithSavepoint(
            ClusterClients clients,
            ClusterEndpoint cluster,
            String jobId,
            boolean drain,
            @Nullable String directory,
            Duration timeout) {
        return call(
                clients,
                cluster,
                jobId,
                timeout,
                client -> client.stopWithSavepoint(
                        JobID.fromHexString(jobId), drain, directory, SavepointFormatType.DEFAULT));
    }

    private static <T> T call(
            ClusterClients clients,
            ClusterEndpoint cluster,
            String jobId,
            Duration timeout,
            Function<ClusterClient<?>, CompletableFuture<T>> call) {
        requireNonNull(jobId, "jobId is null");
        requireNonNull(timeout, "timeout is null");
        try (ClusterClient<?> client = clients.provider(cluster).getClusterClient()) {
            return call.apply(client).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobStopFailedException(jobId, "was interrupted", e);
        } catch (TimeoutException e) {
            throw new JobStopFailedException(jobId, "got no answer from the cluster within " + timeout, e);
        } catch (ExecutionException e) {
            Optional<ClusterUnavailableException> unavailable = ClusterUnavailableException.judge(cluster, e);
            if (unavailable.isPresent()) {
                throw unavailable.get();
            }
            if (says(e, NO_SAVEPOINT_DIRECTORY)) {
                throw new NoSavepointDirectoryException(jobId, cluster, e);
            }
            throw new JobStopFailedException(jobId, "failed on the cluster", e);
        }
    }

    private static boolean says(Throwable failure, List<String> texts) {
        return ExceptionChain.of(failure).stream()
                .map(exception -> String.valueOf(exception.getMessage()))
                .anyMatch(message -> texts.stream().anyMatch(message::contains));
    }
}
