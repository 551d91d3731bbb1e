package dev.sluice.jobs;

import dev.sluice.retry.CollectStrategy;
import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.retry.ExponentialDelayConfig;
import dev.sluice.retry.ResultPoller;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.accumulators.SerializedListAccumulator;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.operators.coordination.CoordinationRequest;
import org.apache.flink.runtime.operators.coordination.CoordinationRequestGateway;
import org.apache.flink.runtime.operators.coordination.CoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationRequest;
import org.apache.flink.streaming.api.operators.collect.CollectCoordinationResponse;
import org.apache.flink.streaming.api.operators.collect.CollectSinkFunction;
import org.apache.flink.streaming.api.operators.collect.UncheckpointedCollectResultBuffer;
import org.apache.flink.util.InstantiationUtil;
import org.apache.flink.util.OptionalFailure;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The collect-sink protocol against a scripted cluster, on a fake clock: no test here sleeps. */
final class CollectResultReaderTest {
    private static final String VERSION = "sink-1";
    private static final String OPERATOR = "collect-operator";
    private static final String ACCUMULATOR = "collect-accumulator";
    private static final CollectStrategy DOUBLING = CollectStrategy.exponentialDelay(new ExponentialDelayConfig(
            Duration.ofMillis(1), Duration.ofMillis(50), 2.0, CollectStrategy.UNBOUNDED_ATTEMPTS));

    private final AtomicLong clock = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    private final ScriptedJob job = new ScriptedJob();

    @Test
    void returnsRowsAsSoonAsTheSinkHasThemWithOneRequestAndNoWait() {
        job.respond(rows(0, 1, 2));

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(1, 2);
        assertThat(job.statusRequests).isZero();
        assertThat(job.requestedOffsets).containsExactly(0L);
        assertThat(sleeps).isEmpty();
        assertThat(reader.firstRowAtNanos()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void waitsAsTheStrategySaysWhileTheSinkHasNothing() {
        job.respond(rows(0), rows(0), rows(0), rows(0, 7));

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(7);
        assertThat(sleeps).containsExactly(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(4));
        assertThat(job.statusRequests).isZero(); // the coordinator answered: the job runs
        assertThat(reader.attempts()).isEqualTo(4);
    }

    @Test
    void asksForTheNextOffsetAfterRowsWereTaken() {
        job.respond(rows(0, 1, 2), rows(2, 3));

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(1, 2);
        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(3);
        assertThat(job.requestedOffsets).containsExactly(0L, 2L);
    }

    @Test
    void handsOutAtMostTheRowsAskedForAndKeepsTheRest() {
        job.respond(rows(0, 1, 2, 3));

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(2, Duration.ofSeconds(1))).containsExactly(1, 2);
        assertThat(reader.next(2, Duration.ofSeconds(1))).containsExactly(3);
        assertThat(job.requestedOffsets).hasSize(1);
    }

    @Test
    void readsTheRestFromTheAccumulatorOnceTheJobHasEnded() {
        job.respond(rows(0, 1));
        job.failRequests("Coordinator of operator collect-operator does not exist");
        job.status = JobStatus.FINISHED;
        job.accumulated(1, 2, 3);

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(1);
        assertThat(reader.isDone()).isFalse();
        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(2, 3);
        assertThat(reader.isDone()).isTrue();
        assertThat(reader.next(10, Duration.ofSeconds(1))).isEmpty();
        assertThat(sleeps).isEmpty();
        assertThat(reader.endedAtNanos()).isGreaterThanOrEqualTo(0);
        reader.close();
        assertThat(job.cancels).isZero();
    }

    @Test
    void aCoordinatorFailureWhileTheJobStartsIsRetried() {
        job.failNextRequest("The job execution has not started yet");
        job.respond(rows(0, 5));

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThat(reader.next(10, Duration.ofSeconds(1))).containsExactly(5);
        assertThat(sleeps).containsExactly(Duration.ofMillis(1));
    }

    @Test
    void aFailingStatusRequestEndsTheReadWithItsCause() {
        job.failRequests("connection refused");
        job.statusFailure = new IOException("Connection refused: 127.0.0.1:8081");

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThatThrownBy(() -> reader.next(10, Duration.ofSeconds(1)))
                .isInstanceOf(JobFailedException.class)
                .hasMessageContaining("Cannot get the status of job")
                .hasRootCauseMessage("Connection refused: 127.0.0.1:8081");
        assertThat(job.cancels).isEqualTo(1);
    }

    @Test
    void aFailedJobFailsTheReadWithTheClustersCause() {
        job.failRequests("job ended");
        job.status = JobStatus.FAILED;
        job.executionFailure = new RuntimeException("Division by zero");

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThatThrownBy(() -> reader.next(10, Duration.ofSeconds(1)))
                .isInstanceOf(JobFailedException.class)
                .hasMessageContaining("failed")
                .hasRootCauseMessage("Division by zero");
    }

    @Test
    void aPassedDeadlineCancelsTheJob() {
        for (int i = 0; i < 100; i++) {
            job.respond(rows(0));
        }

        CollectResultReader<Integer> reader = reader(DOUBLING);

        assertThatThrownBy(() -> reader.next(10, Duration.ofMillis(100)))
                .isInstanceOf(DeadlineExceededException.class)
                .hasMessageContaining("query result not ready");
        assertThat(job.cancels).isEqualTo(1);
        assertThat(sumMillis(sleeps)).isEqualTo(100);
    }

    @Test
    void closingBeforeTheEndCancelsTheJobOnce() {
        job.respond(rows(0, 1));

        CollectResultReader<Integer> reader = reader(DOUBLING);
        reader.next(10, Duration.ofSeconds(1));
        reader.close();
        reader.close();

        assertThat(job.cancels).isEqualTo(1);
        assertThatThrownBy(() -> reader.next(1, Duration.ofSeconds(1))).isInstanceOf(IllegalStateException.class);
    }

    private CollectResultReader<Integer> reader(CollectStrategy strategy) {
        ResultPoller<CollectResultReader.Progress> poller = new ResultPoller<>(
                "query result",
                strategy,
                CollectResultReader.Progress::notReady,
                duration -> {
                    sleeps.add(duration);
                    clock.addAndGet(duration.toNanos());
                },
                clock::get);
        CollectSinkHandle<Integer> sink = new CollectSinkHandle<>(
                new UncheckpointedCollectResultBuffer<>(IntSerializer.INSTANCE, false),
                OPERATOR,
                ACCUMULATOR,
                Duration.ofSeconds(5));
        return new CollectResultReader<>(sink, job, poller);
    }

    private static long sumMillis(List<Duration> durations) {
        return durations.stream().mapToLong(Duration::toMillis).sum();
    }

    /** A response of the sink: rows starting at {@code offset}. */
    private static CollectCoordinationResponse rows(long offset, int... values) {
        return new CollectCoordinationResponse(VERSION, 0, serialize(values));
    }

    private static List<byte[]> serialize(int... values) {
        List<byte[]> serialized = new ArrayList<>();
        for (int value : values) {
            try {
                serialized.add(InstantiationUtil.serializeToByteArray(IntSerializer.INSTANCE, value));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return serialized;
    }

    /** A job whose coordinator, status and final result follow a script. */
    private static final class ScriptedJob implements JobClient, CoordinationRequestGateway {
        private final JobID id = new JobID();
        private final Deque<CollectCoordinationResponse> responses = new ArrayDeque<>();
        private final List<Long> requestedOffsets = new ArrayList<>();
        private String requestFailure;
        private String nextFailure;
        private JobStatus status = JobStatus.RUNNING;
        private Exception statusFailure;
        private Exception executionFailure;
        private JobExecutionResult executionResult;
        private int statusRequests;
        private int cancels;

        void respond(CollectCoordinationResponse... scripted) {
            responses.addAll(List.of(scripted));
        }

        /** The next request fails with this message; the scripted responses follow. */
        void failNextRequest(String message) {
            nextFailure = message;
        }

        /** Once the scripted responses are used up, requests fail with this message. */
        void failRequests(String message) {
            requestFailure = message;
        }

        /** The accumulator holds {@code values}, starting at {@code offset}. */
        void accumulated(long offset, int... values) {
            try {
                byte[] result = CollectSinkFunction.serializeAccumulatorResult(offset, VERSION, 0, serialize(values));
                SerializedListAccumulator<byte[]> accumulator = new SerializedListAccumulator<>();
                accumulator.add(result, BytePrimitiveArraySerializer.INSTANCE);
                executionResult = new JobExecutionResult(
                        id, 1, Map.of(ACCUMULATOR, OptionalFailure.of(accumulator.getLocalValue())));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public CompletableFuture<CoordinationResponse> sendCoordinationRequest(
                String operatorUid, CoordinationRequest request) {
            assertThat(operatorUid).isEqualTo(OPERATOR);
            requestedOffsets.add(((CollectCoordinationRequest) request).getOffset());
            if (nextFailure != null) {
                String message = nextFailure;
                nextFailure = null;
                return CompletableFuture.failedFuture(new RuntimeException(message));
            }
            if (responses.isEmpty()) {
                return CompletableFuture.failedFuture(new RuntimeException(requestFailure));
            }
            return CompletableFuture.completedFuture(responses.poll());
        }

        @Override
        public JobID getJobID() {
            return id;
        }

        @Override
        public CompletableFuture<JobStatus> getJobStatus() {
            statusRequests++;
            if (statusFailure != null) {
                return CompletableFuture.failedFuture(statusFailure);
            }
            return CompletableFuture.completedFuture(status);
        }

        @Override
        public CompletableFuture<Void> cancel() {
            cancels++;
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<JobExecutionResult> getJobExecutionResult() {
            if (executionFailure != null) {
                return CompletableFuture.failedFuture(executionFailure);
            }
            return CompletableFuture.completedFuture(executionResult);
        }

        @Override
        public CompletableFuture<String> stopWithSavepoint(
                boolean advanceToEndOfEventTime, String savepointDirectory, SavepointFormatType formatType) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<String> triggerSavepoint(String savepointDirectory, SavepointFormatType formatType) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<Map<String, Object>> getAccumulators() {
            throw new UnsupportedOperationException();
        }
    }
}
