package dev.sluice.gateway.result;

import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobCancellationException;
import org.junit.jupiter.api.Test;

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
    void labelsAreLowerCase() {
        assertThat(QueryOutcome.TIMEOUT.label()).isEqualTo("timeout");
        assertThat(QueryOutcome.CANCELLED.label()).isEqualTo("cancelled");
    }
}
