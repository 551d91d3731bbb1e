package dev.sluice.gateway.cluster;

import org.apache.flink.api.common.ApplicationID;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.application.ArchivedApplication;
import org.apache.flink.runtime.dispatcher.ArchivedApplicationStore;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionGraph;
import org.apache.flink.runtime.messages.webmonitor.ApplicationDetails;
import org.apache.flink.runtime.messages.webmonitor.JobDetails;
import org.apache.flink.runtime.messages.webmonitor.JobsOverview;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * What the embedded cluster's JobManager remembers of finished jobs: the newest {@code capacity} applications (a job
 * each, as the gateway submits them), none older than {@code expiration}.
 *
 * <p>Why: Flink's MiniCluster keeps every finished job's archived execution graph in memory for as long as it runs,
 * whatever {@code jobstore.*} says, and its store never forgets a job's index entry. A gateway that runs thousands of
 * short queries an hour would grow without end (a 55-minute soak: 85 to 182 MB of heap after a full GC). A standalone
 * cluster bounds the same memory with {@code jobstore.max-capacity} and {@code jobstore.expiration-time}; this store
 * applies those two options to the embedded cluster.
 *
 * <p>A forgotten job answers the JobManager's REST API as a job that never existed (404), as on a standalone cluster.
 * Thread-safe: the Dispatcher stores from its main thread, and REST handlers read from theirs.
 */
final class BoundedArchivedApplications implements ArchivedApplicationStore {
    private final int capacity;
    private final long expirationNanos;
    private final LongSupplier nanoClock;
    // oldest first; guarded by this
    private final LinkedHashMap<ApplicationID, Stored> applications = new LinkedHashMap<>();
    private final Map<JobID, ApplicationID> applicationOfJob = new HashMap<>();

    private record Stored(ArchivedApplication application, long storedAtNanos) {}

    /**
     * @param capacity the most applications kept; the oldest go first
     * @param expiration how long an application is kept after it was stored; zero or less for no limit
     * @param nanoClock {@link System#nanoTime()}, or a fake one in tests
     */
    BoundedArchivedApplications(int capacity, Duration expiration, LongSupplier nanoClock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.capacity = capacity;
        this.expirationNanos = expiration.isNegative() || expiration.isZero() ? Long.MAX_VALUE : expiration.toNanos();
        this.nanoClock = requireNonNull(nanoClock, "nanoClock is null");
    }

    @Override
    public synchronized int size() {
        trim();
        return applications.size();
    }

    @Override
    public synchronized Optional<ArchivedApplication> get(ApplicationID applicationId) {
        trim();
        return Optional.ofNullable(applications.get(applicationId)).map(Stored::application);
    }

    @Override
    public synchronized void put(ArchivedApplication application) {
        ApplicationID id = application.getApplicationId();
        forget(id); // stored again: it becomes the newest
        applications.put(id, new Stored(application, nanoClock.getAsLong()));
        application.getJobs().keySet().forEach(job -> applicationOfJob.put(job, id));
        trim();
    }

    @Override
    public synchronized Collection<ApplicationDetails> getApplicationDetails() {
        trim();
        return applications().stream()
                .map(ApplicationDetails::fromArchivedApplication)
                .toList();
    }

    @Override
    public synchronized Optional<ExecutionGraphInfo> getExecutionGraphInfo(JobID jobId) {
        trim();
        ApplicationID id = applicationOfJob.get(jobId);
        Stored stored = id == null ? null : applications.get(id);
        return stored == null
                ? Optional.empty()
                : Optional.ofNullable(stored.application().getJobs().get(jobId));
    }

    @Override
    public synchronized Collection<JobDetails> getJobDetails() {
        trim();
        return jobs().map(JobDetails::createDetailsForJob).toList();
    }

    @Override
    public synchronized JobsOverview getJobsOverview() {
        trim();
        return JobsOverview.create(jobs().map(ExecutionGraphInfo::getArchivedExecutionGraph)
                .map(ArchivedExecutionGraph::getState)
                .toList());
    }

    @Override
    public synchronized void close() {
        applications.clear();
        applicationOfJob.clear();
    }

    private List<ArchivedApplication> applications() {
        return applications.values().stream().map(Stored::application).toList();
    }

    private Stream<ExecutionGraphInfo> jobs() {
        return applications().stream().flatMap(application -> application.getJobs().values().stream());
    }

    /** Forgets the oldest applications while there are more than the capacity or they were stored too long ago. */
    private void trim() {
        long now = nanoClock.getAsLong();
        while (!applications.isEmpty()) {
            Map.Entry<ApplicationID, Stored> oldest =
                    applications.entrySet().iterator().next();
            if (applications.size() <= capacity && now - oldest.getValue().storedAtNanos() < expirationNanos) {
                return;
            }
            forget(oldest.getKey());
        }
    }

    private void forget(ApplicationID id) {
        Stored gone = applications.remove(id);
        if (gone != null) {
            gone.application().getJobs().keySet().forEach(job -> applicationOfJob.remove(job, id));
        }
    }
}
