package dev.sluice.gateway.session;

import dev.sluice.session.JobRequest;
import dev.sluice.session.SessionSubmissions;
import dev.sluice.session.SubmissionTimings;
import dev.sluice.session.admission.JobPermit;
import dev.sluice.session.admission.JobRider;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Optional;

/** The submissions of a session whose statements never reach a cluster's executor: nothing to tell or take. */
final class NoSubmissions implements SessionSubmissions {
    static final NoSubmissions INSTANCE = new NoSubmissions();

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
