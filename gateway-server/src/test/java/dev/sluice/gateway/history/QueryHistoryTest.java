package dev.sluice.gateway.history;

import dev.sluice.gateway.result.QueryOutcome;
import dev.sluice.gateway.result.ResultProgress;
import dev.sluice.gateway.session.TestSessions;
import dev.sluice.jobs.JobLifetimeReader;
import dev.sluice.jobs.SubmissionTimings;
import dev.sluice.jobs.admission.JobPermit;
import dev.sluice.planner.StatementKind;
import dev.sluice.sessioncache.ExecutionGraphCacheTtl;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.runtime.rest.messages.JobPlanInfo;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

final class QueryHistoryTest {
    // positions in a row of SHOW QUERY HISTORY
    private static final int TOTAL_MS = 2;
    private static final int JOB_MS = 11;
    private static final int JOB_RUNNING_MS = 12;
    private static final int BEYOND_JOB_MS = 13;
    private static final int CLOSED_SESSION = 16;
    private static final int OUTCOME = 17;
    private static final int STATEMENT = 18;

    private final TestSessions time = new TestSessions();
    private final RecordingObserver observer = new RecordingObserver();
    private final QueryHistory history = new QueryHistory("s1", "test", observer, time.clock, 262_144, 2000);

    @Test
    void showsWhenAStatementStartedOnTheWallClockAndHowLongItTookOnTheMonotonicClock() {
        QueryTrace trace = history.start("SET 'a' = 'b'", StatementKind.SET);
        time.advanceMillis(7);
        history.finish(trace, QueryOutcome.SUCCESS, "finished");
        time.advanceMillis(100);

        assertThat(rows())
                .containsExactly(Row.of(
                        "2026-03-01T10:15:30.123Z",
                        "SET",
                        7.0,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        "finished",
                        "SET 'a' = 'b'"));
    }

    @Test
    void aRunningStatementShowsItsTimeSoFar() {
        history.start("SELECT 1", StatementKind.QUERY);
        time.advanceMillis(3);
        assertThat(rows().get(0).getField(OUTCOME)).isEqualTo("running");
        assertThat(rows().get(0).getField(TOTAL_MS)).isEqualTo(3.0);

        time.advanceMillis(2);

        assertThat(rows().get(0).getField(TOTAL_MS)).isEqualTo(5.0);
    }

    @Test
    void keepsTheLastHundredStatementsNewestLast() {
        for (int i = 0; i <= QueryHistory.SIZE; i++) {
            history.start("SELECT " + i, StatementKind.QUERY);
        }

        List<Row> rows = rows();

        assertThat(rows).hasSize(QueryHistory.SIZE);
        assertThat(rows.get(0).getField(STATEMENT)).isEqualTo("SELECT 1");
        assertThat(rows.get(QueryHistory.SIZE - 1).getField(STATEMENT)).isEqualTo("SELECT 100");
    }

    @Test
    void cutsALongStatementAndSaysHowLongItWas() {
        QueryHistory small = new QueryHistory("s1", "test", observer, time.clock, 1024, 40);

        small.start("SET 'k' = '" + "x".repeat(15_000_000) + "'", StatementKind.SET);

        assertThat(small.show().cursor().next(10).get(0).getField(STATEMENT))
                .isEqualTo("SET 'k' = 'xxxx... (15000012 characters)");
    }

    @Test
    void dropsTheOldestStatementsWhenTheirTextIsOverItsBound() {
        // 1 kb holds 512 characters: four statements of 100 characters and their outcomes, not six
        QueryHistory small = new QueryHistory("s1", "test", observer, time.clock, 1024, 100);
        for (int i = 0; i < 6; i++) {
            small.start(i + "x".repeat(99), StatementKind.QUERY);
        }

        List<Row> rows = small.show().cursor().next(10);

        assertThat(rows)
                .extracting(row -> ((String) row.getField(STATEMENT)).charAt(0))
                .containsExactly('2', '3', '4', '5');
    }

    @Test
    void aLongFailureMessageIsCutAndCountsAgainstTheBound() {
        QueryHistory small = new QueryHistory("s1", "test", observer, time.clock, 1024, 100);
        QueryTrace first = small.start("SELECT 1", StatementKind.QUERY);
        small.failed(first, new IllegalStateException("y".repeat(10_000)));

        assertThat((String) small.show().cursor().next(10).get(0).getField(OUTCOME))
                .hasSize(100)
                .endsWith("... (10008 characters)");
    }

    @Test
    void onlyTheFirstEndCountsAndIsToldToTheObserverOnce() {
        QueryTrace trace = history.start("SELECT 1", StatementKind.QUERY);
        time.advanceMillis(1);
        history.finish(trace, QueryOutcome.CANCELLED, "closed early");
        time.advanceMillis(1);
        history.finish(trace, QueryOutcome.SUCCESS, "finished");

        assertThat(rows().get(0).getField(OUTCOME)).isEqualTo("closed early");
        assertThat(rows().get(0).getField(TOTAL_MS)).isEqualTo(1.0);
        assertThat(observer.calls).containsExactly("started test QUERY", "finished test cancelled []");
    }

    @Test
    void aFailedStatementIsRecordedAndReportedOnceAsAFailure() {
        QueryTrace trace = history.start("SELECT * FROM missing", StatementKind.QUERY);
        history.failed(trace, new IllegalStateException("Object 'missing' not found"));
        history.finish(trace, QueryOutcome.SUCCESS, "finished");

        assertThat(rows().get(0).getField(OUTCOME)).isEqualTo("failed: Object 'missing' not found");
        assertThat(observer.calls).containsExactly("started test QUERY", "finished test failure []");
    }

    @Test
    void hasTheColumnsOfShowQueryHistory() {
        assertThat(history.show().schema().getColumnNames())
                .containsExactly(
                        "started_at",
                        "kind",
                        "total_ms",
                        "plan_ms",
                        "plan_cache",
                        "result_cache",
                        "queue_ms",
                        "submit_ms",
                        "start_ms",
                        "first_row_ms",
                        "last_row_ms",
                        "job_ms",
                        "job_running_ms",
                        "beyond_job_ms",
                        "polls",
                        "job_id",
                        "closed_session",
                        "outcome",
                        "statement");
    }

    @Test
    void theJobsLifetimeArrivingAfterTheStatementEndedFillsItsRowAndIsToldToTheObserver() {
        CompletableFuture<JobDetailsInfo> details = new CompletableFuture<>();
        AtomicInteger requests = new AtomicInteger();
        JobLifetimeReader reader = new JobLifetimeReader(
                new JobID(),
                () -> {
                    requests.incrementAndGet();
                    return details;
                },
                ExecutionGraphCacheTtl.known(ExecutionGraphCacheTtl.FLINK_DEFAULT));
        QueryTrace trace = history.start("SELECT n FROM t", StatementKind.QUERY);
        long now = time.clock.nanoTime();
        trace.submitted(new SubmissionTimings(new JobID(), now, now, now, now, JobPermit.unlimited(), reader));
        time.advanceMillis(150);
        assertThat(requests.get()).as("not asked while the statement runs").isZero();

        history.finish(trace, QueryOutcome.SUCCESS, "finished");
        assertThat(requests.get()).isEqualTo(1);
        assertThat(rows().get(0).getField(JOB_MS)).isNull();
        assertThat(rows().get(0).getField(BEYOND_JOB_MS)).isNull();

        // the statement started, and its job was submitted, at the test clock's wall time
        long submitted = TestSessions.WALL_TIME.toEpochMilli();
        details.complete(endedJob(submitted + 4, submitted + 14, submitted + 124));
        Row row = rows().get(0);
        assertThat(row.getField(TOTAL_MS)).isEqualTo(150.0);
        assertThat(row.getField(JOB_MS)).isEqualTo(120.0);
        assertThat(row.getField(JOB_RUNNING_MS)).isEqualTo(110.0);
        assertThat(row.getField(BEYOND_JOB_MS)).isEqualTo(30.0);
        assertThat(observer.calls).endsWith("job lived test success 120 ms, beyond it 30 ms");
        QuerySummary summary = history.summaries().get(0);
        assertThat(summary.jobMillis())
                .containsExactly(entry("created", 4.0), entry("running", 14.0), entry("ended", 124.0));
        assertThat(summary.beyondJobMillis()).isEqualTo(30.0);
    }

    @Test
    void aFinishedQueryKeepsItsPhasesButLetsGoOfTheResultItRead() throws InterruptedException {
        QueryTrace trace = history.start("SELECT n FROM t", StatementKind.QUERY);
        long start = time.clock.nanoTime();
        // any progress stands for the result here: only the history entry may keep it alive
        ResultProgress result = new ResultProgress.Frozen(start + 5_000_000, start + 7_000_000, 0);
        trace.readingWith(result);
        WeakReference<ResultProgress> read = new WeakReference<>(result);
        result = null;
        time.advanceMillis(9);

        history.finish(trace, QueryOutcome.SUCCESS, "finished");

        assertThat(trace.phases().durations())
                .containsEntry(QueryPhases.FIRST_ROW, Duration.ofMillis(5))
                .containsEntry(QueryPhases.LAST_ROW, Duration.ofMillis(2));
        assertThat(trace.isReadingAJob()).isTrue();
        // a history of 100 entries per session would otherwise keep 100 results' buffers and serializers
        for (int i = 0; i < 50 && read.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(read.get()).as("the result read, once its statement ended").isNull();
        assertThat(trace.phases().durations()).containsEntry(QueryPhases.LAST_ROW, Duration.ofMillis(2));
    }

    @Test
    void aStatementWithoutAJobHasNoJobColumns() {
        QueryTrace trace = history.start("SELECT 1", StatementKind.QUERY);
        time.advanceMillis(3);
        history.finish(trace, QueryOutcome.SUCCESS, "finished");

        Row row = rows().get(0);
        assertThat(row.getField(JOB_MS)).isNull();
        assertThat(row.getField(JOB_RUNNING_MS)).isNull();
        assertThat(row.getField(BEYOND_JOB_MS)).isNull();
        assertThat(observer.calls).noneMatch(call -> call.startsWith("job lived"));
    }

    /** The details of a finished job created, running and ended at these epoch milliseconds. */
    private static JobDetailsInfo endedJob(long created, long running, long ended) {
        Map<JobStatus, Long> timestamps = new EnumMap<>(JobStatus.class);
        for (JobStatus status : JobStatus.values()) {
            timestamps.put(status, 0L);
        }
        timestamps.put(JobStatus.INITIALIZING, created);
        timestamps.put(JobStatus.RUNNING, running);
        timestamps.put(JobStatus.FINISHED, ended);
        return new JobDetailsInfo(
                new JobID(),
                null,
                "job",
                false,
                JobStatus.FINISHED,
                JobType.BATCH,
                JobManagerOptions.SchedulerType.Default,
                created,
                ended,
                ended - created,
                1,
                ended,
                timestamps,
                List.of(),
                Map.of(),
                new JobPlanInfo.Plan("id", "job", "BATCH", List.of()),
                new JobPlanInfo.RawJson("{}"),
                0);
    }

    private List<Row> rows() {
        return history.show().cursor().next(Integer.MAX_VALUE);
    }
}
