package dev.sluice.jobs;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.sessioncache.ClusterEndpoint;
import org.apache.flink.configuration.CheckpointingOptions;

/** A stop with a savepoint that names no directory, on a cluster that has no default one. */
public final class NoSavepointDirectoryException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    NoSavepointDirectoryException(String jobId, ClusterEndpoint cluster, Throwable cause) {
        super(
                "Job " + jobId + " was not stopped: cluster '" + cluster.name() + "' has no savepoint directory;"
                        + " set '" + CheckpointingOptions.SAVEPOINT_DIRECTORY.key()
                        + "' in the cluster's configuration, or in the session with SET",
                cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.NO_SAVEPOINT_DIRECTORY;
    }
}
