package dev.sluice.gateway.jobcommand;

import dev.sluice.errors.SluiceError;
import dev.sluice.errors.SluiceErrorCode;
import dev.sluice.gateway.result.StatementOutcome;
import dev.sluice.planner.StopJobStatement;
import dev.sluice.sessioncache.ClusterJob;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class StopJobCommandTest {
    private static final String RUNNING = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    private static final String FINISHED = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
    private static final String OTHERS = "cccccccccccccccccccccccccccccccc";
    private static final String UNKNOWN = "dddddddddddddddddddddddddddddddd";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final FakeSessionJobs jobs = new FakeSessionJobs(
            List.of(job(RUNNING, "RUNNING"), job(FINISHED, "FINISHED"), job(OTHERS, "RUNNING")),
            Set.of(RUNNING, FINISHED));
    private final StopJobCommand command = new StopJobCommand("s1", "embedded", jobs);

    @Test
    void cancelsARunningJobOfTheUser() {
        StatementOutcome outcome = command.run(new StopJobStatement(RUNNING, false, false), null, TIMEOUT);

        assertThat(outcome).isEqualTo(new StatementOutcome.UpdateCount(0));
        assertThat(jobs.calls).containsExactly("cancel " + RUNNING + " within PT30S");
    }

    @Test
    void takesTheSavepointDirectoryFromTheSessionAndWaitsAMinuteWhenItHasNoTimeout() {
        Configuration session = new Configuration();
        session.set(CheckpointingOptions.SAVEPOINT_DIRECTORY, "file:/session-savepoints");

        command.runWithSessionOptions(new StopJobStatement(RUNNING, true, false), session, Duration.ZERO);

        assertThat(jobs.calls).containsExactly("stop " + RUNNING + " into file:/session-savepoints within PT1M");
    }

    @Test
    void stopsWithASavepointAndAnswersItsPath() {
        StatementOutcome outcome = command.run(new StopJobStatement(RUNNING, true, true), "file:/savepoints", TIMEOUT);

        assertThat(outcome).isInstanceOfSatisfying(StatementOutcome.Rows.class, rows -> {
            assertThat(rows.schema().getColumnNames()).containsExactly("savepoint path");
            assertThat(rows.cursor().next(10)).containsExactly(Row.of("file:/savepoints/savepoint-aaaaaa"));
        });
        assertThat(jobs.calls).containsExactly("stop " + RUNNING + " draining into file:/savepoints within PT30S");
    }

    @Test
    void refusesAJobTheClusterDoesNotList() {
        assertThatThrownBy(() -> command.run(new StopJobStatement(UNKNOWN, false, false), null, TIMEOUT))
                .isInstanceOf(NoSuchJobException.class)
                .hasMessage("Job " + UNKNOWN + " does not exist on cluster 'embedded'; SHOW JOBS lists its jobs")
                .satisfies(e -> assertThat(((SluiceError) e).errorCode()).isEqualTo(SluiceErrorCode.NO_SUCH_JOB));
        assertThat(jobs.calls).isEmpty();
    }

    @Test
    void refusesAJobOfAnotherUser() {
        assertThatThrownBy(() -> command.run(new StopJobStatement(OTHERS, false, false), null, TIMEOUT))
                .isInstanceOf(JobNotOwnedException.class)
                .hasMessage("Job " + OTHERS
                        + " was not started by your sessions on this gateway; only its owner may stop it");
        assertThat(jobs.calls).isEmpty();
    }

    @Test
    void refusesAJobThatHasEnded() {
        assertThatThrownBy(() -> command.run(new StopJobStatement(FINISHED, true, false), null, TIMEOUT))
                .isInstanceOf(JobEndedException.class)
                .hasMessage("Job " + FINISHED + " has ended already (FINISHED); only a running job can be stopped");
        assertThat(jobs.calls).isEmpty();
    }

    private static ClusterJob job(String id, String state) {
        return new ClusterJob(id, "job " + id, state, Instant.parse("2026-11-24T05:00:00Z"), Duration.ofSeconds(1));
    }
}
