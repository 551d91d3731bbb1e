package dev.sluice.gateway.session;

import dev.sluice.gateway.security.GatewayUser;
import org.apache.flink.api.common.JobID;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Which user's session submitted each job, for the gateway's lifetime: what {@code STOP JOB} checks. Bounded: the
 * oldest jobs are forgotten first, and a forgotten job is nobody's, as is a job that another client or an earlier run
 * of the gateway submitted. Thread-safe.
 */
final class JobOwners {
    private final int capacity;
    // guarded by this; in insertion order, so the eldest entry is the oldest job
    private final Map<String, GatewayUser> owners;

    /** @param capacity how many jobs it remembers; the oldest are forgotten first */
    JobOwners(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
        this.owners = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, GatewayUser> eldest) {
                return size() > JobOwners.this.capacity;
            }
        };
    }

    /** Records that a session of {@code owner} submitted job {@code jobId}. */
    synchronized void record(JobID jobId, GatewayUser owner) {
        owners.put(jobId.toHexString(), requireNonNull(owner, "owner is null"));
    }

    /** The user whose session submitted job {@code jobId} (32 hexadecimal digits), if it is remembered. */
    synchronized Optional<GatewayUser> find(String jobId) {
        return Optional.ofNullable(owners.get(jobId));
    }
}
