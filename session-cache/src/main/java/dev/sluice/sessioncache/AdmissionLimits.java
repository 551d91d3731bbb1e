package dev.sluice.sessioncache;

import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The admission bounds of one cluster.
 *
 * @param maxRunningJobs jobs in flight at once; 0 for the cluster's total task slots, -1 for no admission
 * @param maxQueued queries that may wait beyond them
 * @param maxQueriesPerJob the most waiting queries one job may carry; 1 for a job each
 * @param gatherTime how long a query that had to wait waits after its admission for more queries to take along
 */
public record AdmissionLimits(
        int maxRunningJobs, int maxQueued, int maxQueriesPerJob, Duration gatherTime, double maxUserShare) {
    // a gather longer than this would be a delay added to a busy cluster's queries rather than a way to batch them
    static final Duration MAX_GATHER_TIME = Duration.ofSeconds(1);

    /** Admission as Flink has it: none. */
    public static final AdmissionLimits OFF = new AdmissionLimits(-1, 0, 1, Duration.ZERO, 1.0);

    /** A job for every query. */
    public AdmissionLimits(int maxRunningJobs, int maxQueued) {
        this(maxRunningJobs, maxQueued, 1, Duration.ZERO, 1.0);
    }

    public AdmissionLimits {
        if (maxRunningJobs < -1) {
            throw new IllegalArgumentException("maxRunningJobs must be -1, 0 or positive, was " + maxRunningJobs);
        }
        if (maxQueued < 0) {
            throw new IllegalArgumentException("maxQueued must be 0 or positive, was " + maxQueued);
        }
        if (maxQueriesPerJob < 1) {
            throw new IllegalArgumentException("maxQueriesPerJob must be at least 1, was " + maxQueriesPerJob);
        }
        requireNonNull(gatherTime, "gatherTime is null");
        if (gatherTime.isNegative()) {
            throw new IllegalArgumentException("gatherTime must not be negative, was " + gatherTime);
        }
        if (!(maxUserShare > 0 && maxUserShare <= 1)) {
            throw new IllegalArgumentException("maxUserShare must be above 0 and at most 1, was " + maxUserShare);
        }
    }

    /** Reads the limits of {@code cluster}; every problem is reported at once. */
    public static AdmissionLimits from(ReadableConfig config, String cluster) {
        int running = config.get(AdmissionOptions.maxRunningJobs(cluster));
        int queued = config.get(AdmissionOptions.maxQueued(cluster));
        int perJob = config.get(AdmissionOptions.maxQueriesPerJob(cluster));
        Duration gather = config.get(AdmissionOptions.gatherTime(cluster));
        double share = config.get(AdmissionOptions.maxUserShare(cluster));
        List<String> problems = new ArrayList<>();
        if (running < -1) {
            problems.add(AdmissionOptions.maxRunningJobs(cluster).key()
                    + " must be a number of jobs, 0 (the cluster's task slots) or -1 (off), was " + running);
        }
        if (queued < 0) {
            problems.add(AdmissionOptions.maxQueued(cluster).key() + " must be 0 or more, was " + queued);
        }
        if (perJob < 1) {
            problems.add(AdmissionOptions.maxQueriesPerJob(cluster).key()
                    + " must be 1 (a job for every query) or more, was " + perJob);
        }
        if (gather.isNegative() || gather.compareTo(MAX_GATHER_TIME) > 0) {
            problems.add(AdmissionOptions.gatherTime(cluster).key() + " must be between 0 and "
                    + MAX_GATHER_TIME.toMillis() + " ms, was " + gather.toMillis() + " ms");
        }
        if (!(share > 0 && share <= 1)) {
            problems.add(AdmissionOptions.maxUserShare(cluster).key()
                    + " must be above 0 and at most 1 (a share of the places), was " + share);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new AdmissionLimits(running, queued, perJob, gather, share);
    }

    public boolean isOff() {
        return maxRunningJobs == -1;
    }
}
