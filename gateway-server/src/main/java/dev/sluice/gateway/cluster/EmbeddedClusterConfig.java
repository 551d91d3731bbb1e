package dev.sluice.gateway.cluster;

import dev.sluice.gateway.config.Checks;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.runtime.util.ArchivedApplicationStoreUtils;

import java.time.Duration;
import java.util.function.Supplier;

import static dev.sluice.gateway.cluster.EmbeddedClusterOptions.TASK_MANAGERS;
import static dev.sluice.gateway.cluster.EmbeddedClusterOptions.TASK_SLOTS;
import static java.util.Objects.requireNonNull;

/**
 * Size of the embedded cluster, and how many finished jobs its JobManager remembers for how long, validated.
 *
 * @param finishedJobsKept Flink's {@code jobstore.max-capacity} if set, else {@value #DEFAULT_FINISHED_JOBS_KEPT}:
 *     Flink's own default is no limit, which a cluster inside the gateway cannot afford
 * @param finishedJobsExpiration Flink's {@code jobstore.expiration-time} (an hour unless set)
 */
public record EmbeddedClusterConfig(
        int taskManagers, int taskSlots, int finishedJobsKept, Duration finishedJobsExpiration) {
    /** Finished jobs kept when the operator does not set {@code jobstore.max-capacity}, as conf/flink/config.yaml. */
    public static final int DEFAULT_FINISHED_JOBS_KEPT = 500;

    public EmbeddedClusterConfig {
        Checks.check(taskManagers >= 1, "%s must be at least 1, was %s", TASK_MANAGERS.key(), taskManagers);
        Checks.check(taskSlots >= 1, "%s must be at least 1, was %s", TASK_SLOTS.key(), taskSlots);
        Checks.check(
                finishedJobsKept >= 1,
                "%s must be at least 1 for the embedded cluster, was %s",
                JobManagerOptions.JOB_STORE_MAX_CAPACITY.key(),
                finishedJobsKept);
        requireNonNull(finishedJobsExpiration, "finishedJobsExpiration is null");
    }

    /** A cluster of this size that remembers finished jobs as it does when the options are not set. */
    public EmbeddedClusterConfig(int taskManagers, int taskSlots) {
        this(
                taskManagers,
                taskSlots,
                DEFAULT_FINISHED_JOBS_KEPT,
                ArchivedApplicationStoreUtils.getExpirationTime(new Configuration()));
    }

    public static EmbeddedClusterConfig from(ReadableConfig config) {
        return new EmbeddedClusterConfig(
                config.get(TASK_MANAGERS),
                config.get(TASK_SLOTS),
                readJobStoreOption(
                        JobManagerOptions.JOB_STORE_MAX_CAPACITY.key(),
                        JobManagerOptions.COMPLETED_APPLICATION_STORE_MAX_CAPACITY.key(),
                        // the newer key falls back to jobstore.max-capacity, as Flink reads it
                        () -> config.getOptional(JobManagerOptions.COMPLETED_APPLICATION_STORE_MAX_CAPACITY)
                                .orElse(DEFAULT_FINISHED_JOBS_KEPT)),
                readJobStoreOption(
                        JobManagerOptions.JOB_STORE_EXPIRATION_TIME.key(),
                        JobManagerOptions.COMPLETED_APPLICATION_STORE_EXPIRATION_TIME.key(),
                        () -> ArchivedApplicationStoreUtils.getExpirationTime(Configuration.fromMap(config.toMap()))));
    }

    /**
     * Reads a job store option, naming both its keys when the value does not parse: Flink's own message names only the
     * newer key, which an operator who set the older one would not recognise.
     */
    private static <T> T readJobStoreOption(String key, String newerKey, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    key + " (or " + newerKey + ") cannot be read for the embedded cluster: " + e.getMessage(), e);
        }
    }
}
