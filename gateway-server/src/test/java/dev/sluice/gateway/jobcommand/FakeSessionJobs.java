package dev.sluice.gateway.jobcommand;

import dev.sluice.sessioncache.ClusterJob;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A cluster's jobs held in memory, with the ids of those the session's user owns; records what it is asked to do. */
public final class FakeSessionJobs implements SessionJobs {
    private final List<ClusterJob> jobs;
    private final Set<String> owned;
    final List<String> calls = new ArrayList<>();

    FakeSessionJobs(List<ClusterJob> jobs, Set<String> owned) {
        this.jobs = List.copyOf(jobs);
        this.owned = Set.copyOf(owned);
    }

    public static FakeSessionJobs none() {
        return new FakeSessionJobs(List.of(), Set.of());
    }

    @Override
    public List<ClusterJob> list() {
        return jobs;
    }

    @Override
    public boolean ownedBySessionUser(String jobId) {
        return owned.contains(jobId);
    }

    @Override
    public void cancel(String jobId, Duration timeout) {
        calls.add("cancel " + jobId + " within " + timeout);
    }

    @Override
    public String stopWithSavepoint(String jobId, boolean drain, @Nullable String directory, Duration timeout) {
        calls.add("stop " + jobId + (drain ? " draining" : "") + " into " + directory + " within " + timeout);
        return directory + "/savepoint-" + jobId.substring(0, 6);
    }
}
