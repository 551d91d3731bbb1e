package dev.sluice.jobs;

import org.jspecify.annotations.Nullable;

import java.util.Optional;

/**
 * What a statement's submission produced: the value of the code that ran it (a {@code TableResult}, a job), and the
 * timings of the job it submitted through the executor, if it submitted one. The timings hold the job's place in
 * admission: whoever takes them closes their permit when the job's result has ended.
 */
public record Submitted<T>(T value, @Nullable SubmissionTimings timings) {
    /** The timings of the job, if a job was submitted. */
    public Optional<SubmissionTimings> job() {
        return Optional.ofNullable(timings);
    }
}
