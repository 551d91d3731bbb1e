package dev.sluice.jobs;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.retry.TimeFormat;
import dev.sluice.sessioncache.ClusterEndpoint;

import java.time.Duration;

/**
 * A cluster took a job's submission (its REST endpoint accepts connections) but did not answer it within the
 * statement's deadline: a JobManager that hangs, is paused or is overloaded. The statement is given up so that its
 * session, and the gateway's other sessions, go on. SQLState {@code HYT00}.
 */
public final class ClusterNotAnsweringException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;

    ClusterNotAnsweringException(
            ClusterEndpoint cluster,
            String what,
            Duration waited,
            String timeoutKey,
            Duration timeout,
            Throwable cause) {
        super(
                "Flink session cluster '" + cluster.name() + "' at " + cluster.restAddress() + " did not answer "
                        + what + " in " + TimeFormat.elapsed(waited) + " (" + timeoutKey + " = "
                        + TimeFormat.duration(timeout) + "); the statement was given up",
                cause);
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.CLUSTER_NOT_ANSWERING;
    }
}
