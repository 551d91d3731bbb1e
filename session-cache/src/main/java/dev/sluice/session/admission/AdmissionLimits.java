package dev.sluice.session.admission;

import org.apache.flink.configuration.ReadableConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * The admission bounds of one cluster.
 *
 * @param maxRunningJobs jobs in flight at once; 0 for the cluster's total task slots, -1 for no admission
 * @param maxQueued queries that may wait beyond them
 */
public record AdmissionLimits(int maxRunningJobs, int maxQueued) {
    /** Admission as Flink has it: none. */
    public static final AdmissionLimits OFF = new AdmissionLimits(-1, 0);

    public AdmissionLimits {
        if (maxRunningJobs < -1) {
            throw new IllegalArgumentException("maxRunningJobs must be -1, 0 or positive, was " + maxRunningJobs);
        }
        if (maxQueued < 0) {
            throw new IllegalArgumentException("maxQueued must be 0 or positive, was " + maxQueued);
        }
    }

    /** Reads the limits of {@code cluster}; every problem is reported at once. */
    public static AdmissionLimits from(ReadableConfig config, String cluster) {
        int running = config.get(AdmissionOptions.maxRunningJobs(cluster));
        int queued = config.get(AdmissionOptions.maxQueued(cluster));
        List<String> problems = new ArrayList<>();
        if (running < -1) {
            problems.add(AdmissionOptions.maxRunningJobs(cluster).key()
                    + " must be a number of jobs, 0 (the cluster's task slots) or -1 (off), was " + running);
        }
        if (queued < 0) {
            problems.add(AdmissionOptions.maxQueued(cluster).key() + " must be 0 or more, was " + queued);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new AdmissionLimits(running, queued);
    }

    public boolean isOff() {
        return maxRunningJobs == -1;
    }
}
