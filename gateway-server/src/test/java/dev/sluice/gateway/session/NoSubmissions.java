package dev.sluice.gateway.session;

import dev.sluice.session.JobRequest;
import dev.sluice.session.SessionSubmissions;
import dev.sluice.session.SubmissionTimings;

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
    public void cancelWaiting() {}
}
