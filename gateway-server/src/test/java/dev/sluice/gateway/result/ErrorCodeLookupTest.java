package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.avatica.InvalidParameterException;
import dev.sluice.gateway.avatica.MalformedRequestException;
import dev.sluice.jobs.JobFailedException;
import dev.sluice.planner.InvalidStatementException;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.InvalidCollectStrategyException;
import dev.sluice.retry.PollInterruptedException;
import dev.sluice.retry.RetryExhaustedException;
import dev.sluice.sessioncache.ClusterEndpoint;
import dev.sluice.sessioncache.ClusterKind;
import dev.sluice.sessioncache.ClusterUnavailableException;
import dev.sluice.sessioncache.HostAndPort;
import dev.sluice.sessioncache.UnknownClusterException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobCancellationException;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.table.api.SqlParserException;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

final class ErrorCodeLookupTest {
    private static final ClusterEndpoint PROD =
            new ClusterEndpoint("prod", ClusterKind.REMOTE, new HostAndPort("jm", 8081));

    static Stream<Arguments> knownExceptions() {
        return Stream.of(
                // Sluice's own, each answering for itself
                arguments(new InvalidStatementException("bad"), SluiceErrorCode.SYNTAX_ERROR),
                arguments(new UnknownClusterException("staging", List.of("prod")), SluiceErrorCode.UNKNOWN_CLUSTER),
                arguments(
                        new ClusterUnavailableException(PROD, new ConnectException("refused")),
                        SluiceErrorCode.CLUSTER_UNAVAILABLE),
                arguments(new JobFailedException("Job 1 failed", null), SluiceErrorCode.QUERY_FAILED),
                arguments(
                        new JobFailedException("Cannot get the status of job 1", new ConnectException("refused")),
                        SluiceErrorCode.CLUSTER_UNAVAILABLE),
                arguments(new MalformedRequestException("not Avatica", null), SluiceErrorCode.MALFORMED_REQUEST),
                arguments(new InvalidParameterException("bad"), SluiceErrorCode.INVALID_PARAMETER_VALUE),
                arguments(new InvalidCollectStrategyException("bad"), SluiceErrorCode.INVALID_PARAMETER_VALUE),
                arguments(
                        new DeadlineExceededException("result", Duration.ofSeconds(1), 3, Duration.ofSeconds(1)),
                        SluiceErrorCode.QUERY_TIMEOUT),
                arguments(
                        new RetryExhaustedException("result", 3, Duration.ofSeconds(1)), SluiceErrorCode.QUERY_TIMEOUT),
                arguments(
                        new PollInterruptedException("result", 3, Duration.ofSeconds(1), new InterruptedException()),
                        SluiceErrorCode.STATEMENT_CANCELED),
                // other libraries', from the table
                arguments(new SqlParserException("parse failed"), SluiceErrorCode.SYNTAX_ERROR),
                arguments(new ValidationException("not found"), SluiceErrorCode.VALIDATION_ERROR),
                arguments(
                        new JobExecutionException(new JobID(), "failed", new ArithmeticException()),
                        SluiceErrorCode.QUERY_FAILED),
                arguments(
                        new JobCancellationException(new JobID(), "Job was cancelled", null),
                        SluiceErrorCode.STATEMENT_CANCELED),
                arguments(new UnsupportedOperationException("no"), SluiceErrorCode.UNSUPPORTED_OPERATION),
                // and from the rules
                arguments(new ConnectException("refused"), SluiceErrorCode.CLUSTER_UNAVAILABLE),
                arguments(new UnknownHostException("jm"), SluiceErrorCode.CLUSTER_UNAVAILABLE));
    }

    @ParameterizedTest
    @MethodSource("knownExceptions")
    void eachKnownExceptionHasItsCode(Throwable exception, SluiceErrorCode code) {
        assertThat(ErrorCodeLookup.classify(exception).code()).isEqualTo(code);
        assertThat(ErrorCodeLookup.classify(exception).decidedBy()).isSameAs(exception);
    }

    @Test
    void aSubclassOfATableEntryHasItsCode() {
        assertThat(ErrorCodeLookup.codeOf(new SqlParserException("x") {})).contains(SluiceErrorCode.SYNTAX_ERROR);
    }

    @Test
    void walksPastWrappersThatDoNotAnswer() {
        ValidationException validation = new ValidationException("Column 'x' not found");
        Throwable failure = new CompletionException(new TableException("Statement failed", validation));

        ErrorCodeLookup.Match match = ErrorCodeLookup.classify(failure);

        assertThat(match.code()).isEqualTo(SluiceErrorCode.VALIDATION_ERROR);
        assertThat(match.decidedBy()).isSameAs(validation);
    }

    @Test
    void theOutermostExceptionThatAnswersDecides() {
        UnknownClusterException outer = new UnknownClusterException("staging", List.of("prod"));
        outer.initCause(new ValidationException("inner"));

        assertThat(ErrorCodeLookup.classify(outer).code()).isEqualTo(SluiceErrorCode.UNKNOWN_CLUSTER);
    }

    @Test
    void aSluiceExceptionAnswersBeforeTheExceptionsItWraps() {
        JobFailedException failed = new JobFailedException(
                "Job 1 failed", new JobExecutionException(new JobID(), "failed", new ValidationException("x")));

        assertThat(ErrorCodeLookup.classify(failed).code()).isEqualTo(SluiceErrorCode.QUERY_FAILED);
    }

    @Test
    void anUnknownExceptionIsAnInternalError() {
        RuntimeException failure = new IllegalStateException("broken", new NullPointerException("field"));

        ErrorCodeLookup.Match match = ErrorCodeLookup.classify(failure);

        assertThat(match.code()).isEqualTo(SluiceErrorCode.GENERIC_INTERNAL_ERROR);
        assertThat(match.decidedBy()).isSameAs(failure);
        assertThat(ErrorCodeLookup.codeOf(new Error("fatal"))).isEmpty();
    }

    @Test
    void endsTheWalkAtACycleOfCauses() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        assertThat(ErrorCodeLookup.classify(first).code()).isEqualTo(SluiceErrorCode.GENERIC_INTERNAL_ERROR);
    }
}
