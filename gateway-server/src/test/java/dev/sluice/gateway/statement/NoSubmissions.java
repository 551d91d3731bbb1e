package dev.sluice.gateway.statement;

import dev.sluice.jobs.JobPlace;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.jobs.NextJob;
import dev.sluice.jobs.Submitted;
import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.jobs.admission.JobRider;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.function.Supplier;

/** The submissions of a session whose statements never reach a cluster's executor: nothing is submitted or taken. */
public final class NoSubmissions implements JobSubmissions {
    public static final NoSubmissions INSTANCE = new NoSubmissions();

    private NoSubmissions() {}

    @Override
    public <T> Submitted<T> submit(NextJob job, Supplier<T> submission) {
        return new Submitted<>(submission.get(), null);
    }

    @Override
    public NextJob admitNextJob(NextJob job, ReadableConfig configuration, @Nullable JobRider rider) {
        return job.holding(new JobPlace(JobPermit.unlimited(), job.requestedNanos(), job.requestedNanos()));
    }

    @Override
    public List<JobRider> takeRiders(JobPermit permit, JobRider leader) {
        return List.of();
    }

    @Override
    public int maxQueriesPerJob() {
        return 1;
    }

    @Override
    public void cancelWaiting() {}
}
