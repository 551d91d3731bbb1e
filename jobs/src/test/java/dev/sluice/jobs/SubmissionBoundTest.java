package dev.sluice.jobs;

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

        long admitted = Duration.ofSeconds(1).toNanos(); // a second in the admission queue

        SubmissionBound bound = SubmissionBound.of(request, 0, CLIENT_TIMEOUT, admitted);

        assertThat(bound.timeoutKey()).isEqualTo("sluice.query.timeout");
        assertThat(bound.limit()).isEqualTo(Duration.ofSeconds(10));
        assertThat(bound.allowed()).isEqualTo(Duration.ofSeconds(7));
        assertThat(bound.remaining(admitted + Duration.ofSeconds(3).toNanos())).isEqualTo(Duration.ofSeconds(4));
        assertThat(bound.elapsed(admitted + Duration.ofSeconds(3).toNanos())).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void keepsTheClientTimeoutWhenTheStatementHasMoreTimeOrNoRequest() {
        JobRequest unlimited =
                new JobRequest("sluice:abc:1", Duration.ofNanos(Long.MAX_VALUE), "sluice.query.timeout", Duration.ZERO);

        assertThat(SubmissionBound.of(unlimited, 0, CLIENT_TIMEOUT, 0).timeoutKey())
                .isEqualTo("client.timeout");
        assertThat(SubmissionBound.of(null, 0, CLIENT_TIMEOUT, 0).allowed()).isEqualTo(CLIENT_TIMEOUT);
    }

    @Test
    void countsTheClientTimeoutFromTheEndOfTheAdmissionWait() {
        JobRequest request =
                new JobRequest("sluice:abc:1", Duration.ofMinutes(10), "sluice.query.timeout", Duration.ofMinutes(10));
        long admitted = Duration.ofSeconds(50).toNanos();

        SubmissionBound bound = SubmissionBound.of(request, 0, CLIENT_TIMEOUT, admitted);

        assertThat(bound.timeoutKey()).isEqualTo("client.timeout");
        assertThat(bound.remaining(admitted)).isEqualTo(CLIENT_TIMEOUT);
    }

    @Test
    void neverLeavesLessThanOneNanosecond() {
        SubmissionBound bound = SubmissionBound.of(null, 0, Duration.ofSeconds(1), 0);

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
