package dev.sluice.gateway.cluster;

import org.apache.flink.api.common.ApplicationID;
import org.apache.flink.api.common.ApplicationState;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.application.ArchivedApplication;
import org.apache.flink.runtime.executiongraph.ArchivedExecutionGraph;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.runtime.messages.webmonitor.ApplicationDetails;
import org.apache.flink.runtime.messages.webmonitor.JobDetails;
import org.apache.flink.runtime.scheduler.ExecutionGraphInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

final class BoundedArchivedApplicationsTest {
    private final AtomicLong nanos = new AtomicLong(1_000);
    private final BoundedArchivedApplications store =
            new BoundedArchivedApplications(3, Duration.ofMinutes(10), nanos::get);

    @Test
    void answersAboutTheJobsItKeeps() {
        ArchivedApplication finished = application(JobStatus.FINISHED);
        ArchivedApplication failed = application(JobStatus.FAILED);
        store.put(finished);
        store.put(failed);

        assertThat(store.size()).isEqualTo(2);
        assertThat(store.get(finished.getApplicationId())).contains(finished);
        JobID failedJob = onlyJob(failed);
        assertThat(store.getExecutionGraphInfo(failedJob))
                .map(info -> info.getArchivedExecutionGraph().getState())
                .contains(JobStatus.FAILED);
        assertThat(store.getJobDetails())
                .extracting(JobDetails::getJobId)
                .containsExactly(onlyJob(finished), failedJob);
        assertThat(store.getJobsOverview().getNumJobsFinished()).isEqualTo(1);
        assertThat(store.getJobsOverview().getNumJobsFailed()).isEqualTo(1);
        assertThat(store.getApplicationDetails())
                .extracting(ApplicationDetails::getApplicationId)
                .containsExactly(finished.getApplicationId(), failed.getApplicationId());
    }

    @Test
    void keepsOnlyTheNewestUpToItsCapacityAndForgetsTheOthersJobs() {
        List<ArchivedApplication> five = List.of(
                application(JobStatus.FINISHED),
                application(JobStatus.FINISHED),
                application(JobStatus.FINISHED),
                application(JobStatus.FINISHED),
                application(JobStatus.FINISHED));
        five.forEach(store::put);

        assertThat(store.size()).isEqualTo(3);
        assertThat(store.get(five.get(0).getApplicationId())).isEmpty();
        assertThat(store.getExecutionGraphInfo(onlyJob(five.get(1)))).isEmpty();
        assertThat(store.getExecutionGraphInfo(onlyJob(five.get(4)))).isPresent();
        assertThat(store.getJobDetails())
                .extracting(JobDetails::getJobId)
                .containsExactly(onlyJob(five.get(2)), onlyJob(five.get(3)), onlyJob(five.get(4)));
    }

    @Test
    void forgetsWhatWasStoredLongerAgoThanItsExpiration() {
        ArchivedApplication old = application(JobStatus.FINISHED);
        store.put(old);
        nanos.addAndGet(Duration.ofMinutes(6).toNanos());
        ArchivedApplication recent = application(JobStatus.FINISHED);
        store.put(recent);
        nanos.addAndGet(Duration.ofMinutes(5).toNanos());

        assertThat(store.get(old.getApplicationId())).isEmpty();
        assertThat(store.getExecutionGraphInfo(onlyJob(old))).isEmpty();
        assertThat(store.get(recent.getApplicationId())).contains(recent);
        assertThat(store.size()).isEqualTo(1);
    }

    @Test
    void anApplicationStoredAgainBecomesTheNewest() {
        ArchivedApplication first = application(JobStatus.FINISHED);
        store.put(first);
        store.put(application(JobStatus.FINISHED));
        store.put(application(JobStatus.FINISHED));
        store.put(first);
        store.put(application(JobStatus.FINISHED));

        assertThat(store.get(first.getApplicationId())).contains(first);
        assertThat(store.getExecutionGraphInfo(onlyJob(first))).isPresent();
    }

    /** A finished application of one job that ended in {@code status}, as the Dispatcher archives it. */
    private static ArchivedApplication application(JobStatus status) {
        JobID job = new JobID();
        ArchivedExecutionGraph graph = ArchivedExecutionGraph.createSparseArchivedExecutionGraph(
                job, "query", status, JobType.BATCH, null, null, 1_000L);
        long[] timestamps = new long[ApplicationState.values().length];
        return new ArchivedApplication(
                new ApplicationID(),
                "query",
                ApplicationState.FINISHED,
                timestamps,
                Map.of(job, new ExecutionGraphInfo(graph)),
                List.of());
    }

    private static JobID onlyJob(ArchivedApplication application) {
        return application.getJobs().keySet().iterator().next();
    }
}
