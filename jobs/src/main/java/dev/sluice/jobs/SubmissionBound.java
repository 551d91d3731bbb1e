package dev.sluice.jobs;

import org.apache.flink.client.cli.ClientOptions;
import org.jspecify.annotations.Nullable;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * How long a job's submission, and the wait for its start, may take: what the statement has left, and never more than
 * Flink's {@code client.timeout} from the submission's start.
 *
 * @param startNanos when the submission began
 * @param allowed the time the submission may take from {@code startNanos}
 * @param timeoutKey the option that set the bound
 * @param limit that option's value, for the error
 */
record SubmissionBound(long startNanos, Duration allowed, String timeoutKey, Duration limit) {
    SubmissionBound {
        requireNonNull(allowed, "allowed is null");
        requireNonNull(timeoutKey, "timeoutKey is null");
        requireNonNull(limit, "limit is null");
    }

    /**
     * @param request the statement's request, or null when the job came without one (then {@code client.timeout})
     * @param receivedNanos when the statement made its request: its time left counts from then
     * @param admittedNanos when the submission began, after the cluster's admission: {@code client.timeout} counts
     *     from then, as Flink's client gives each submission its own
     */
    static SubmissionBound of(
            @Nullable JobRequest request, long receivedNanos, Duration clientTimeout, long admittedNanos) {
        if (request != null) {
            Duration left = request.remaining().minusNanos(admittedNanos - receivedNanos);
            if (left.compareTo(clientTimeout) < 0) {
                return new SubmissionBound(
                        admittedNanos,
                        left.isNegative() ? Duration.ZERO : left,
                        request.timeoutKey(),
                        request.timeout());
            }
        }
        return new SubmissionBound(admittedNanos, clientTimeout, ClientOptions.CLIENT_TIMEOUT.key(), clientTimeout);
    }

    /** Time left, at least 1 ns. */
    Duration remaining(long nowNanos) {
        return Duration.ofNanos(Math.max(1, allowed.toNanos() - (nowNanos - startNanos)));
    }

    Duration elapsed(long nowNanos) {
        return Duration.ofNanos(nowNanos - startNanos);
    }
}
