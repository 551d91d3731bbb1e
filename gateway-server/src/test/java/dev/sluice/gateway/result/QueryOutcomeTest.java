package dev.sluice.gateway.result;

import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.retry.RetryExhaustedException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobCancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;

final class QueryOutcomeTest {
    @Test
    void aCancelledJobAnywhereInTheCausesIsACancellation() {
        JobCancellationException cancelled = new JobCancellationException(new JobID(), "Job was cancelled", null);

        assertThat(QueryOutcome.of(new CompletionException(new RuntimeException(cancelled))))
                .isEqualTo(QueryOutcome.CANCELLED);
    }

    @Test
    void aFailureWithoutCancellationOrTimeoutIsAFailure() {
        assertThat(QueryOutcome.of(new IllegalStateException("Object 'missing' not found")))
                .isEqualTo(QueryOutcome.FAILURE);
    }

    @Test
    void aTimeoutAnywhereInTheCausesIsATimeout() {
        RetryExhaustedException exhausted = new RetryExhaustedException("result", 3, Duration.ofSeconds(1));

        assertThat(QueryOutcome.of(new CompletionException(exhausted))).isEqualTo(QueryOutcome.TIMEOUT);
    }

    @ParameterizedTest
    @EnumSource(SluiceErrorCode.class)
    void eachCodesOutcomeAgreesWithTheSqlStateTheClientIsTold(SluiceErrorCode code) {
        QueryOutcome told = switch (code.sqlState()) {
            case "HYT00" -> QueryOutcome.TIMEOUT;
            case "HY008" -> QueryOutcome.CANCELLED;
            default -> QueryOutcome.FAILURE;
        };

        assertThat(QueryOutcome.of(code)).isEqualTo(told);
    }

    @Test
    void aCycleOfCausesEnds() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);

        assertThat(QueryOutcome.of(first)).isEqualTo(QueryOutcome.FAILURE);
    }

    @Test
    void labelsAreLowerCase() {
        assertThat(QueryOutcome.TIMEOUT.label()).isEqualTo("timeout");
        assertThat(QueryOutcome.CANCELLED.label()).isEqualTo("cancelled");
    }
}
