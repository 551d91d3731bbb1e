package dev.sluice.sessioncache;

import dev.sluice.errors.ExceptionChain;
import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.apache.flink.runtime.rest.util.RestClientException;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

import static java.util.Objects.requireNonNull;

/**
 * A session cluster could not be reached: its REST endpoint refused, timed out, does not resolve or answered that it
 * cannot serve now (HTTP 503, as during a leader election), or (for a high-availability cluster) no JobManager was
 * known to lead it within Flink's {@code rest.await-leader-timeout}.
 */
public final class ClusterUnavailableException extends RuntimeException implements SluiceError {
    private static final long serialVersionUID = 1L;
    private static final int SERVICE_UNAVAILABLE = 503;

    public ClusterUnavailableException(ClusterEndpoint cluster, Throwable cause) {
        super(
                "Flink session cluster '" + cluster.name() + "' at " + cluster.restAddress() + " is unreachable: "
                        + rootMessage(cause),
                cause);
    }

    /**
     * The failure to report for {@code failure} of a call to {@code cluster}, the one rule for every place that calls a
     * cluster: a new {@code ClusterUnavailableException} naming the cluster if the failure says the cluster cannot be
     * reached, else {@code failure} itself. A failure already judged otherwise is left as it was: this exception
     * itself, and one whose chain holds a Sluice error before the unreachable cause that is neither this code nor a
     * failed query (a cancelled statement stays cancelled; a query that failed because its cluster went away is the
     * cluster's being unreachable).
     */
    public static RuntimeException reportedAs(ClusterEndpoint cluster, RuntimeException failure) {
        return judge(cluster, failure)
                .<RuntimeException>map(unavailable -> unavailable)
                .orElse(failure);
    }

    /** {@link #reportedAs} for a failure of any type: the exception to throw if the cluster could not be reached. */
    public static Optional<ClusterUnavailableException> judge(ClusterEndpoint cluster, Throwable failure) {
        requireNonNull(cluster, "cluster is null");
        if (failure instanceof ClusterUnavailableException unavailable) {
            return Optional.of(unavailable);
        }
        for (Throwable exception : ExceptionChain.of(failure)) {
            if (exception instanceof SluiceError judged && judgedOtherwise(judged.errorCode())) {
                return Optional.empty();
            }
            if (saysUnreachable(exception)) {
                return Optional.of(new ClusterUnavailableException(cluster, failure));
            }
        }
        return Optional.empty();
    }

    private static boolean judgedOtherwise(SluiceErrorCode code) {
        return code != SluiceErrorCode.CLUSTER_UNAVAILABLE && code != SluiceErrorCode.QUERY_FAILED;
    }

    /** Whether {@code failure} (or a cause) says that the cluster cannot be reached or cannot serve at all now. */
    public static boolean isUnreachable(Throwable failure) {
        return ExceptionChain.of(requireNonNull(failure, "failure is null")).stream()
                .anyMatch(ClusterUnavailableException::saysUnreachable);
    }

    /**
     * Whether {@code exception} itself, not looking at its causes, says that the cluster cannot be reached or cannot
     * serve at all now.
     */
    public static boolean saysUnreachable(Throwable exception) {
        return exception instanceof ConnectException
                || exception instanceof NoRouteToHostException
                || exception instanceof UnknownHostException
                // Netty's, which Flink shades under its own package
                || exception.getClass().getName().endsWith("ConnectTimeoutException")
                || isLeaderUnknown(exception)
                || isServiceUnavailable(exception);
    }

    /**
     * Flink's REST cluster client waits for its leader retriever to name a leader before every request and fails with
     * a plain TimeoutException when none is named in time ({@code RestClusterClient#getWebMonitorBaseUrl}): with high
     * availability, all JobManagers are down or ZooKeeper cannot be reached. The message is the only mark it has.
     */
    private static boolean isLeaderUnknown(Throwable cause) {
        return cause instanceof TimeoutException
                && cause.getMessage() != null
                && cause.getMessage().startsWith("Waiting for leader address");
    }

    /**
     * A JobManager answers 503 while it cannot serve (a new leader still taking over: "Service temporarily unavailable
     * due to an ongoing leader election"); Flink's client retries the same status ({@code rest.retry.*}).
     */
    private static boolean isServiceUnavailable(Throwable cause) {
        return cause instanceof RestClientException rest
                && rest.getHttpResponseStatus().code() == SERVICE_UNAVAILABLE;
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }

    @Override
    public SluiceErrorCode errorCode() {
        return SluiceErrorCode.CLUSTER_UNAVAILABLE;
    }
}
