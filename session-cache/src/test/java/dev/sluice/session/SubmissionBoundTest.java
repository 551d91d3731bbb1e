package dev.sluice.session;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class SubmissionBoundTest {
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(60);

    @Test
    void takesTheStatementsTimeLeftWhenItIsShorterThanTheClientTimeout() {
        JobRequest request =
                new JobRequest("sluice:abc:1", Duration.ofSeconds(8), "sluice.query.timeout", Duration.ofSeconds(10));

        SubmissionBound bound = SubmissionBound.of(request, CLIENT_TIMEOUT, 1_000);

        assertThat(bound.timeoutKey()).isEqualTo("sluice.query.timeout");
        assertThat(bound.limit()).isEqualTo(Duration.ofSeconds(10));
        assertThat(bound.remaining(1_000 + Duration.ofSeconds(3).toNanos())).isEqualTo(Duration.ofSeconds(5));
        assertThat(bound.elapsed(1_000 + Duration.ofSeconds(3).toNanos())).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void keepsTheClientTimeoutWhenTheStatementHasMoreTimeOrNoRequest() {
        JobRequest unlimited =
                new JobRequest("sluice:abc:1", Duration.ofNanos(Long.MAX_VALUE), "sluice.query.timeout", Duration.ZERO);

        assertThat(SubmissionBound.of(unlimited, CLIENT_TIMEOUT, 0).timeoutKey())
                .isEqualTo("client.timeout");
        assertThat(SubmissionBound.of(null, CLIENT_TIMEOUT, 0).allowed()).isEqualTo(CLIENT_TIMEOUT);
    }

    @Test
    void neverLeavesLessThanOneNanosecond() {
        SubmissionBound bound = SubmissionBound.of(null, Duration.ofSeconds(1), 0);

        assertThat(bound.remaining(Duration.ofSeconds(5).toNanos())).isEqualTo(Duration.ofNanos(1));
    }

    @Test
    void refusesABlankNameAndNoTimeLeft() {
        assertThatThrownBy(() -> new JobRequest(" ", Duration.ofSeconds(1), "k", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name must not be blank");
        assertThatThrownBy(() -> new JobRequest("n", Duration.ZERO, "k", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("remaining must be positive, was PT0S");
    }
}
