package dev.sluice.gateway.jobcommand;

import dev.sluice.gateway.security.GatewayUser;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import static java.util.Objects.requireNonNull;

/**
 * Which user's session submitted each job of one cluster, for the gateway's lifetime: what {@code STOP JOB} checks. A
 * job that another client or an earlier run of the gateway submitted is nobody's.
 *
 * <p>Short queries make a job each, so entries pile up fast. Whenever the count reaches the prune mark, the jobs that
 * the cluster lists as ended, or no longer lists, are forgotten, on the pruning executor and never on the submitting
 * thread; a running job is never forgotten. The mark then moves to twice what is left, and at least its start. A job
 * recorded while a prune reads the cluster is kept, since the cluster's answer may predate it. Thread-safe.
 */
public final class JobOwners {
    private static final Logger LOG = LoggerFactory.getLogger(JobOwners.class);

    private final int initialPruneMark;
    private final Supplier<List<ClusterJob>> clusterJobs;
    private final Executor pruner;
    private final Map<String, GatewayUser> owners = new ConcurrentHashMap<>();
    private final AtomicBoolean pruning = new AtomicBoolean();
    private volatile int pruneMark;

    /**
     * @param pruneMark how many jobs it holds before it first asks the cluster which have ended
     * @param clusterJobs lists the cluster's jobs; may throw if the cluster does not answer
     * @param pruner runs the prunes
     */
    public JobOwners(int pruneMark, Supplier<List<ClusterJob>> clusterJobs, Executor pruner) {
        if (pruneMark < 1) {
            throw new IllegalArgumentException("pruneMark must be at least 1, was " + pruneMark);
        }
        this.initialPruneMark = pruneMark;
        this.pruneMark = pruneMark;
        this.clusterJobs = requireNonNull(clusterJobs, "clusterJobs is null");
        this.pruner = requireNonNull(pruner, "pruner is null");
    }

    /** Records that a session of {@code owner} submitted job {@code jobId}. */
    public void record(JobID jobId, GatewayUser owner) {
        owners.put(jobId.toHexString(), requireNonNull(owner, "owner is null"));
        if (owners.size() >= pruneMark && pruning.compareAndSet(false, true)) {
            try {
                pruner.execute(this::prune);
            } catch (RejectedExecutionException e) {
                pruning.set(false); // the next record tries again
            }
        }
    }

    /** The user whose session submitted job {@code jobId} (32 hexadecimal digits), if it is remembered. */
    Optional<GatewayUser> find(String jobId) {
        return Optional.ofNullable(owners.get(jobId));
    }

    /** How many jobs it remembers. */
    int size() {
        return owners.size();
    }

    /** Whether a job has ended: the cluster lists it as ended, or no longer lists it ({@code state} null). */
    private static boolean ended(@Nullable String state) {
        return state == null || JobStatus.valueOf(state).isGloballyTerminalState();
    }

    private void prune() {
        try {
            Set<String> known = new HashSet<>(owners.keySet()); // before the cluster's answer, which lists them all
            Map<String, String> states;
            try {
                states = clusterJobs.get().stream()
                        .collect(Collectors.toMap(ClusterJob::id, ClusterJob::state, (first, second) -> first));
            } catch (RuntimeException e) {
                LOG.debug("Could not list the cluster's jobs to forget the ended ones; tries again later", e);
                pruneMark = owners.size() + initialPruneMark;
                return;
            }
            known.stream().filter(id -> ended(states.get(id))).forEach(owners::remove);
            pruneMark = Math.max(initialPruneMark, owners.size() * 2);
        } finally {
            pruning.set(false);
        }
    }
}
