package dev.sluice.gateway.jobcommand;

import dev.sluice.sessioncache.ClusterJob;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.List;

/** The jobs of a session's cluster, as the session's user sees and stops them. */
public interface SessionJobs {
    /**
     * Every job the cluster lists, newest first.
     *
     * @throws dev.sluice.sessioncache.ClusterUnavailableException if the cluster does not answer
     */
    List<ClusterJob> list();

    /** Whether a session of the session's user submitted job {@code jobId}. */
    boolean ownedBySessionUser(String jobId);

    /** Asks the cluster to cancel job {@code jobId}. */
    void cancel(String jobId, Duration timeout);

    /**
     * Stops job {@code jobId} with a savepoint in {@code directory}, or the cluster's default directory when null;
     * returns the savepoint's path.
     */
    String stopWithSavepoint(String jobId, boolean drain, @Nullable String directory, Duration timeout);
}
