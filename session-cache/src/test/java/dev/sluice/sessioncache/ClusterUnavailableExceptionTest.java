package dev.sluice.sessioncache;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import org.apache.flink.runtime.rest.util.RestClientException;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ClusterUnavailableExceptionTest {
    private static final ClusterEndpoint PROD =
            new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm", 8081));

    @Test
    void connectExceptionIsUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(new ConnectException("Connection refused")))
                .isTrue();
    }

    @Test
    void connectExceptionNestedInCausesIsUnreachable() {
        Throwable failure = new CompletionException(new RuntimeException(
                "Could not submit job", new ExecutionException(new ConnectException("Connection refused"))));

        assertThat(ClusterUnavailableException.isUnreachable(failure)).isTrue();
    }

    @Test
    void noRouteToHostIsUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(
                        new UncheckedIOException(new NoRouteToHostException("No route to host"))))
                .isTrue();
    }

    @Test
    void unknownHostIsUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(
                        new RuntimeException(new UnknownHostException("jm.invalid"))))
                .isTrue();
    }

    @Test
    void connectTimeoutOfAnyLibraryIsUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(
                        new RuntimeException(new ConnectTimeoutException("connection timed out: jm/10.0.0.7:8081"))))
                .isTrue();
    }

    @Test
    void noLeaderWithinTheAwaitLeaderTimeoutIsUnreachable() {
        // as RestClusterClient#getWebMonitorBaseUrl fails when its leader retriever names no leader in time
        Throwable failure = new CompletionException(
                new TimeoutException("Waiting for leader address of WebMonitorEndpoint timed out after 10000 ms."));

        assertThat(ClusterUnavailableException.isUnreachable(failure)).isTrue();
    }

    @Test
    void serviceUnavailableDuringALeaderElectionIsUnreachable() {
        Throwable failure = new CompletionException(new RestClientException(
                "[Service temporarily unavailable due to an ongoing leader election. Please refresh.]",
                HttpResponseStatus.SERVICE_UNAVAILABLE));

        assertThat(ClusterUnavailableException.isUnreachable(failure)).isTrue();
    }

    @Test
    void otherHttpErrorIsNotUnreachable() {
        Throwable failure = new CompletionException(
                new RestClientException("[Job could not be found]", HttpResponseStatus.NOT_FOUND));

        assertThat(ClusterUnavailableException.isUnreachable(failure)).isFalse();
    }

    @Test
    void otherTimeoutIsNotUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(new RuntimeException(new TimeoutException("result"))))
                .isFalse();
    }

    @Test
    void messageNamesTheZooKeeperQuorumOfAHighAvailabilityCluster() {
        ClusterEndpoint ha = new ClusterEndpoint(
                "ha",
                ClusterKind.ZOOKEEPER,
                new ZooKeeperRestAddress(List.of(new HostAndPort("zk", 2181)), "/default", "/flink"));

        ClusterUnavailableException exception =
                new ClusterUnavailableException(ha, new RuntimeException(new ConnectException("Connection refused")));

        assertThat(exception)
                .hasMessage("Flink session cluster 'ha' at the leader via ZooKeeper zk:2181/flink/default is"
                        + " unreachable: Connection refused");
    }

    @Test
    void plainIllegalStateExceptionIsNotUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(new IllegalStateException("Job failed")))
                .isFalse();
    }

    @Test
    void otherIoFailureIsNotUnreachable() {
        assertThat(ClusterUnavailableException.isUnreachable(
                        new IllegalStateException("Job failed", new IOException("Stream closed"))))
                .isFalse();
    }

    @Test
    void stopsAtASelfCausedThrowable() {
        assertThat(ClusterUnavailableException.isUnreachable(new SelfCaused())).isFalse();
    }

    @Test
    void rejectsNullFailure() {
        assertThatThrownBy(() -> ClusterUnavailableException.isUnreachable(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("failure is null");
    }

    @Test
    void messageNamesTheClusterAndTheRootCause() {
        ConnectException root = new ConnectException("Connection refused");
        RuntimeException cause = new RuntimeException("Could not submit job", root);

        ClusterUnavailableException exception = new ClusterUnavailableException(PROD, cause);

        assertThat(exception).hasMessage("Flink session cluster 'prod' at jm:8081 is unreachable: Connection refused");
        assertThat(exception).hasCause(cause);
    }

    @Test
    void messageUsesTheRootTypeWhenItHasNoMessage() {
        ClusterUnavailableException exception =
                new ClusterUnavailableException(PROD, new RuntimeException("wrapper", new ConnectException()));

        assertThat(exception)
                .hasMessage("Flink session cluster 'prod' at jm:8081 is unreachable: java.net.ConnectException");
    }

    /** Named like Netty's: only the class name identifies it. */
    static final class ConnectTimeoutException extends IOException {
        private static final long serialVersionUID = 1L;

        ConnectTimeoutException(String message) {
            super(message);
        }
    }

    /** A throwable whose cause is itself, as some libraries build them. */
    static final class SelfCaused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SelfCaused() {
            super("self-caused");
        }

        @Override
        public synchronized Throwable getCause() {
            return this;
        }
    }

    @Test
    void aFailureThatSaysUnreachableIsReportedAsTheClusterUnavailable() {
        RuntimeException failure = new RuntimeException(
                "Could not submit job", new ExecutionException(new ConnectException("Connection refused")));

        RuntimeException reported = ClusterUnavailableException.reportedAs(PROD, failure);

        assertThat(reported)
                .isInstanceOf(ClusterUnavailableException.class)
                .hasMessageContaining("'prod'")
                .hasMessageEndingWith("is unreachable: Connection refused")
                .hasCause(failure);
    }

    @Test
    void aClusterUnavailableExceptionIsReportedAsItself() {
        ClusterUnavailableException unavailable =
                new ClusterUnavailableException(PROD, new ConnectException("Connection refused"));

        assertThat(ClusterUnavailableException.reportedAs(PROD, unavailable)).isSameAs(unavailable);
    }

    @Test
    void aFailureJudgedOtherwiseBeforeItsUnreachableCauseKeepsItsCode() {
        // a statement cancelled while its cluster could not be reached stays cancelled
        RuntimeException failure = new JudgedFailure(
                SluiceErrorCode.STATEMENT_CANCELED, new IOException("status", new ConnectException("refused")));

        assertThat(ClusterUnavailableException.reportedAs(PROD, failure)).isSameAs(failure);
        assertThat(ClusterUnavailableException.judge(PROD, failure)).isEmpty();
    }

    @Test
    void aQueryThatFailedBecauseItsClusterWentAwayIsTheClusterUnavailable() {
        // a pushed result's job, whose JobManager died: the query failed because the cluster is gone
        RuntimeException failure = new JudgedFailure(
                SluiceErrorCode.QUERY_FAILED, new IOException("job status", new ConnectException("refused")));

        assertThat(ClusterUnavailableException.reportedAs(PROD, failure))
                .isInstanceOf(ClusterUnavailableException.class)
                .hasCause(failure);
    }

    @Test
    void aFailureJudgedUnreachableItselfIsReportedNamingTheCluster() {
        RuntimeException failure =
                new JudgedFailure(SluiceErrorCode.CLUSTER_UNAVAILABLE, new ConnectException("Connection refused"));

        assertThat(ClusterUnavailableException.reportedAs(PROD, failure))
                .isInstanceOf(ClusterUnavailableException.class)
                .hasCause(failure);
    }

    @Test
    void aFailureThatDoesNotSayUnreachableIsReportedAsItself() {
        RuntimeException failure = new IllegalStateException("Table 'missing' not found");

        assertThat(ClusterUnavailableException.reportedAs(PROD, failure)).isSameAs(failure);
    }

    private static final class JudgedFailure extends RuntimeException implements SluiceError {
        private final SluiceErrorCode code;

        JudgedFailure(SluiceErrorCode code, Throwable cause) {
            super("judged", cause);
            this.code = code;
        }

        @Override
        public SluiceErrorCode errorCode() {
            return code;
        }
    }
}
