package dev.sluice.session;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;

import static java.util.Objects.requireNonNull;

/** A session cluster could not be reached: its REST endpoint refused, timed out or does not resolve. */
public final class ClusterUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ClusterUnavailableException(ClusterEndpoint cluster, Throwable cause) {
        super(
                "Flink session cluster '" + cluster.name() + "' at " + cluster.restAddress() + " is unreachable: "
                        + rootMessage(cause),
                cause);
    }

    /** Whether {@code failure} (or a cause) says that the cluster's endpoint cannot be reached at all. */
    public static boolean isUnreachable(Throwable failure) {
        for (Throwable cause : ExceptionChain.of(requireNonNull(failure, "failure is null"))) {
            if (cause instanceof ConnectException
                    || cause instanceof NoRouteToHostException
                    || cause instanceof UnknownHostException
                    || cause.getClass().getName().endsWith("ConnectTimeoutException")) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = ExceptionChain.root(failure);
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }
}
