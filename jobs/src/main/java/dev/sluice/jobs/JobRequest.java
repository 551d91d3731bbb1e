package dev.sluice.jobs;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * What a session's statement tells its executor about the job it is about to submit: the name the job gets on the
 * cluster (so that the statement's text, with its literals, is never the name) and how long its submission may take.
 *
 * @param name the job's name on the cluster, unless the session set {@code pipeline.name} itself
 * @param remaining the time the statement has left; the submission also stays within {@code client.timeout}
 * @param timeoutKey the option that limits the statement, named in the error when its time runs out
 * @param timeout that option's value
 * @param shared whether the job carries queries of several sessions, so that no session owns it
 */
public record JobRequest(String name, Duration remaining, String timeoutKey, Duration timeout, boolean shared) {
    /** A job of one session. */
    public JobRequest(String name, Duration remaining, String timeoutKey, Duration timeout) {
        this(name, remaining, timeoutKey, timeout, false);
    }

    public JobRequest {
        requireNonNull(name, "name is null");
        requireNonNull(remaining, "remaining is null");
        requireNonNull(timeoutKey, "timeoutKey is null");
        requireNonNull(timeout, "timeout is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        if (remaining.isNegative() || remaining.isZero()) {
            throw new IllegalArgumentException("remaining must be positive, was " + remaining);
        }
    }
}
