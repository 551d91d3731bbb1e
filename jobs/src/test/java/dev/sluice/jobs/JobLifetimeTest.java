package dev.sluice.jobs;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.runtime.rest.messages.JobPlanInfo;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

final class JobLifetimeTest {
    @Test
    void readsCreationRunningAndEndFromAnEndedJobsDetails() {
        JobLifetime lifetime =
                JobLifetime.of(details(JobStatus.FINISHED, 1_000, 1_130, 1_020)).orElseThrow();

        assertThat(lifetime.lifetime()).isEqualTo(Duration.ofMillis(130));
        assertThat(lifetime.running()).hasValue(Duration.ofMillis(110));
        assertThat(lifetime.status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void aJobThatNeverRanHasALifetimeButNoRunningTime() {
        JobLifetime lifetime =
                JobLifetime.of(details(JobStatus.CANCELED, 1_000, 1_050, 0)).orElseThrow();

        assertThat(lifetime.lifetime()).isEqualTo(Duration.ofMillis(50));
        assertThat(lifetime.running()).isEmpty();
    }

    @Test
    void aJobThatHasNotEndedHasNoLifetimeYet() {
        assertThat(JobLifetime.of(details(JobStatus.RUNNING, 1_000, -1, 1_020))).isEmpty();
        assertThat(JobLifetime.of(details(JobStatus.CANCELLING, 1_000, -1, 1_020)))
                .isEmpty();
    }

    /** The details of a job created, ended ({@code -1}: not yet) and running ({@code 0}: never) at these times. */
    static JobDetailsInfo details(JobStatus status, long created, long ended, long running) {
        Map<JobStatus, Long> timestamps = new EnumMap<>(JobStatus.class);
        for (JobStatus each : JobStatus.values()) {
            timestamps.put(each, 0L);
        }
        timestamps.put(JobStatus.INITIALIZING, created);
        timestamps.put(JobStatus.CREATED, created);
        timestamps.put(JobStatus.RUNNING, running);
        if (ended > 0) {
            timestamps.put(status, ended);
        }
        return new JobDetailsInfo(
                new JobID(),
                null,
                "job",
                false,
                status,
                JobType.BATCH,
                JobManagerOptions.SchedulerType.Default,
                created,
                ended,
                ended > 0 ? ended - created : 0,
                1,
                ended > 0 ? ended : created + 1,
                timestamps,
                List.of(),
                Map.of(),
                new JobPlanInfo.Plan("id", "job", "BATCH", List.of()),
                new JobPlanInfo.RawJson("{}"),
                0);
    }
}
