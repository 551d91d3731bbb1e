package dev.sluice.gateway.statement;

import dev.sluice.jobs.JobRequest;
import dev.sluice.jobs.JobSubmissions;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.jobs.admission.JobRider;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

/** The submissions of a session whose statements never reach a cluster's executor: nothing to tell or take. */
public final class NoSubmissions implements JobSubmissions {
    public static final NoSubmissions INSTANCE = new NoSubmissions();

    private NoSubmissions() {}

    @Override
    public void nextJob(JobRequest request) {}

    @Override
    public void skipStartWaitOfNextJob(boolean skip) {}

    @Override
    public Optional<SubmissionTimings> takeLastSubmission() {
        return Optional.empty();
    }

    @Override
    public JobPermit admitNextJob(ReadableConfig configuration, @Nullable JobRider rider) {
        return JobPermit.unlimited();
    }

    @Override
    public List<JobRider> takeRiders(JobPermit permit, JobRider leader) {
        return List.of();
    }

    @Override
    public void releaseUnusedAdmission() {}

    @Override
    public int maxQueriesPerJob() {
        return 1;
    }

    @Override
    public void cancelWaiting() {}
}
