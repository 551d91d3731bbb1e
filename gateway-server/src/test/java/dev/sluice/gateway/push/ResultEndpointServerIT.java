package dev.sluice.gateway.push;

import dev.sluice.retry.DeadlineExceededException;
import dev.sluice.testing.Eventually;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ResultEndpointServerIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final long MAX_BUFFERED = 64 * 1024;

    private ResultEndpointServer endpoint;

    @BeforeEach
    void start() throws Exception {
        endpoint = ResultEndpointServer.start(
                new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        0,
                        "127.0.0.1",
                        MAX_BUFFERED,
                        Duration.ofMillis(300),
                        Duration.ofMillis(500)),
                null,
                null);
    }

    @AfterEach
    void stop() {
        endpoint.close();
    }

    @Test
    void deliversRowsThenTheEnd() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress())) {
            sink.hello(result.ticket(), 0).rows(1, 2, 3).rows(4).end(4);
            assertThat(sink.awaitAck(WAIT)).isTrue();

            assertThat(readAll(result)).containsExactly(1L, 2L, 3L, 4L);
            assertThat(result.isDone()).isTrue();
        }
        assertThat(endpoint.results().size()).isZero();
    }

    @Test
    void handsOutAtMostMaxRowsPerCall() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress())) {
            sink.hello(result.ticket(), 0).rows(1, 2, 3, 4, 5).end(5);

            assertThat(result.next(2, WAIT)).containsExactly(1L, 2L);
            assertThat(result.next(2, WAIT)).containsExactly(3L, 4L);
            assertThat(result.next(2, WAIT)).containsExactly(5L);
            assertThat(result.next(2, WAIT)).isEmpty();
        }
    }

    @Test
    void refusesWrongSecretAndUnknownResultWhileTheRightSinkIsServed() throws Exception {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink right = new FakeSink(endpoint.localAddress());
                FakeSink wrongSecret = new FakeSink(endpoint.localAddress());
                FakeSink unknown = new FakeSink(endpoint.localAddress())) {
            // Read before the hellos: the endpoint may count a refusal before this thread reads the counter.
            long refusedBefore = endpoint.results().refusedConnections();
            right.hello(result.ticket(), 0).rows(1);
            wrongSecret.hello(result.ticket().resultId(), new byte[32], 0);
            unknown.hello(result.ticket().resultId() + 1000, new byte[32], 0);

            assertThat(wrongSecret.isClosedByEndpoint(WAIT)).isTrue();
            assertThat(unknown.isClosedByEndpoint(WAIT)).isTrue();
            Eventually.within(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(endpoint.results().refusedConnections() - refusedBefore)
                            .as("each refusal counted")
                            .isGreaterThanOrEqualTo(2));
            right.rows(2).end(2);
            assertThat(right.awaitAck(WAIT)).isTrue();
            assertThat(readAll(result)).containsExactly(1L, 2L);
        }
    }

    @Test
    void refusesTheTicketOfAnAttemptAlreadyConnected() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink first = new FakeSink(endpoint.localAddress());
                FakeSink reused = new FakeSink(endpoint.localAddress())) {
            first.hello(result.ticket(), 0).rows(1);
            assertThat(result.next(10, WAIT)).containsExactly(1L);
            reused.hello(result.ticket(), 0);

            assertThat(reused.isClosedByEndpoint(WAIT)).isTrue();
            first.rows(2).end(2);
            assertThat(first.awaitAck(WAIT)).isTrue();
            assertThat(readAll(result)).containsExactly(2L);
        }
    }

    @Test
    void refusesEveryConnectionOnceTheResultIsComplete() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress());
                FakeSink late = new FakeSink(endpoint.localAddress())) {
            sink.hello(result.ticket(), 0).rows(1).end(1);
            assertThat(sink.awaitAck(WAIT)).isTrue();
            late.hello(result.ticket(), 1);

            assertThat(late.isClosedByEndpoint(WAIT)).isTrue();
            assertThat(readAll(result)).containsExactly(1L);
        }
    }

    @Test
    void closesAConnectionThatSendsNoHelloWithinTheDeadline() throws IOException {
        try (FakeSink silent = new FakeSink(endpoint.localAddress())) {
            long start = System.nanoTime();
            assertThat(silent.isClosedByEndpoint(WAIT)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        }
    }

    @Test
    void slowConsumerStopsReadingSoTheSinkBlocksAndMemoryStaysBounded() throws Exception {
        int frameRows = 2048; // 16 KiB of longs per frame
        int frames = 2000; // 32 MiB in all: far more than socket buffers hold
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress(), 16 * 1024)) {
            sink.hello(result.ticket(), 0);
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
                try {
                    for (int frame = 0; frame < frames; frame++) {
                        long first = (long) frame * frameRows;
                        sink.rows(LongStream.range(first, first + frameRows).toArray());
                    }
                    sink.end((long) frames * frameRows);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });

            long highest = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (System.nanoTime() < deadline) {
                highest = Math.max(highest, result.bufferedBytes());
                Thread.sleep(20);
            }
            long bound = MAX_BUFFERED + 64 * 1024 + 2 * (frameRows * 8L + 4);
            System.out.printf("buffered at most %d bytes with the consumer idle (bound %d)%n", highest, bound);
            assertThat(sending).as("the sink is blocked").isNotDone();
            assertThat(highest).isGreaterThan(0).isLessThanOrEqualTo(bound);

            long expected = 0;
            List<Long> batch;
            while (!(batch = result.next(10_000, WAIT)).isEmpty()) {
                for (long value : batch) {
                    assertThat(value).isEqualTo(expected++);
                }
                assertThat(result.bufferedBytes()).isLessThanOrEqualTo(bound);
            }
            assertThat(expected).isEqualTo((long) frames * frameRows);
            sending.get(10, TimeUnit.SECONDS);
            assertThat(sink.awaitAck(WAIT)).isTrue();
        }
    }

    @Test
    void connectionClosedBeforeTheEndFailsTheResult() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE)) {
            try (FakeSink sink = new FakeSink(endpoint.localAddress())) {
                sink.hello(result.ticket(), 0).rows(1, 2);
                assertThat(result.next(10, WAIT)).containsExactly(1L, 2L);
            }

            assertThatThrownBy(() -> result.next(10, WAIT))
                    .isInstanceOf(PushedResultException.class)
                    .hasMessageContaining("closed before the end of the result");
        }
    }

    @Test
    void jobFailureFailsTheResultWithItsCause() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress())) {
            CompletableFuture<Void> job = new CompletableFuture<>();
            result.failWhenJobEnds(job);
            sink.hello(result.ticket(), 0).rows(1);
            assertThat(result.next(10, WAIT)).containsExactly(1L);
            sink.close();
            job.completeExceptionally(new IllegalStateException("division by zero in the job"));

            assertThatThrownBy(() -> result.next(10, WAIT))
                    .isInstanceOf(PushedResultException.class)
                    .hasRootCauseMessage("division by zero in the job");
        }
    }

    @Test
    void jobThatFinishesWithoutTheEndFailsTheResult() {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE)) {
            result.failWhenJobEnds(CompletableFuture.completedFuture(null));

            assertThatThrownBy(() -> result.next(10, WAIT))
                    .isInstanceOf(PushedResultException.class)
                    .hasMessageContaining("finished without sending the end");
        }
    }

    @Test
    void restartAfterRowsReachedTheClientFailsTheResult() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink first = new FakeSink(endpoint.localAddress());
                FakeSink second = new FakeSink(endpoint.localAddress())) {
            first.hello(result.ticket(), 0).rows(1);
            assertThat(result.next(10, WAIT)).containsExactly(1L);
            second.hello(result.ticket(), 1);

            assertThat(second.isClosedByEndpoint(WAIT)).isTrue();
            assertThatThrownBy(() -> result.next(10, WAIT))
                    .isInstanceOf(PushedResultException.class)
                    .hasMessageContaining("restarted");
        }
    }

    @Test
    void restartBeforeAnyRowReachedTheClientStartsTheResultOver() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink first = new FakeSink(endpoint.localAddress());
                FakeSink second = new FakeSink(endpoint.localAddress())) {
            first.hello(result.ticket(), 0).rows(1, 2);
            awaitBuffered(result);
            first.close();
            second.hello(result.ticket(), 1).rows(10, 20, 30).end(3);
            assertThat(second.awaitAck(WAIT)).isTrue();

            assertThat(readAll(result)).containsExactly(10L, 20L, 30L);
        }
    }

    @Test
    void endWithAnotherRowCountThanReceivedFailsTheResult() throws IOException {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress())) {
            sink.hello(result.ticket(), 0).rows(1).end(2);

            assertThat(sink.awaitAck(WAIT)).isFalse();
            assertThatThrownBy(() -> readAll(result))
                    .isInstanceOf(PushedResultException.class)
                    .hasMessageContaining("sent 2 rows but the gateway received 1");
        }
    }

    @Test
    void waitingLongerThanTheTimeoutIsADeadlineError() {
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE)) {
            assertThatThrownBy(() -> result.next(10, Duration.ofMillis(50)))
                    .isInstanceOf(DeadlineExceededException.class);
        }
    }

    private static void awaitBuffered(PushedResult<?> result) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (result.bufferedBytes() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    private static List<Long> readAll(PushedResult<Long> result) {
        List<Long> all = new ArrayList<>();
        List<Long> batch;
        while (!(batch = result.next(100, WAIT)).isEmpty()) {
            all.addAll(batch);
        }
        return all;
    }
}
