package dev.sluice.gateway.push;

import dev.sluice.push.PushWire;
import dev.sluice.retry.DeadlineExceededException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The hand-over on one thread: the event loop's calls and the consumer's are made in turn, and every wait is either
 * settled at once or timed out at once on the fake clock. A wait that wrongly blocks ends at the test's timeout.
 */
@Timeout(30)
final class PushedResultHandoverTest {
    private static final long RESULT_ID = 7;
    private static final Duration LOST_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    private final AtomicLong clock = new AtomicLong(1_000);
    private final PushBufferStats stats = new PushBufferStats();
    private final PushedResultHandover handover =
            new PushedResultHandover(RESULT_ID, 100, LOST_CONNECTION_TIMEOUT, Clock.systemUTC(), clock::get, stats);
    private final RecordingSinkConnection sink = new RecordingSinkConnection();

    @Test
    void handsOverRowsAndThenTheEnd() {
        attach(sink, 0);
        clock.addAndGet(10);
        handover.offerRows(sink, rows(2, 20));

        ResultFrames.Taken taken = handover.take(10, Duration.ZERO);

        assertThat(taken.rows()).isEqualTo(2);
        assertThat(handover.firstRowArrivalNanos()).isEqualTo(1_010);
        clock.addAndGet(10);
        assertThat(handover.end(sink, 2)).isTrue();
        assertThat(handover.endArrivalNanos()).isEqualTo(1_020);
        assertThat(handover.endArrival()).isPresent();
        assertThat(handover.take(10, Duration.ZERO)).isEqualTo(ResultFrames.Taken.NONE);
    }

    @Test
    void takeGivesUpAtItsDeadlineWhenNothingArrived() {
        attach(sink, 0);

        assertThatThrownBy(() -> handover.take(10, Duration.ZERO))
                .isInstanceOf(DeadlineExceededException.class)
                .hasMessageContaining("No rows pushed for result 7");
    }

    @Test
    void aConnectionLostForTheLostConnectionTimeoutFailsTheResult() {
        attach(sink, 0);
        handover.connectionLost(sink, null);

        // within the timeout the result waits for the job's cause or a new attempt
        assertThatThrownBy(() -> handover.take(10, Duration.ZERO)).isInstanceOf(DeadlineExceededException.class);

        clock.addAndGet(LOST_CONNECTION_TIMEOUT.toNanos());
        assertThatThrownBy(() -> handover.take(10, Duration.ZERO))
                .isInstanceOf(PushedResultException.class)
                .hasMessageContaining("closed before the end of the result");
    }

    @Test
    void aLaterAttemptBeforeAnyRowWasTakenDropsTheEarlierAttemptsRows() {
        attach(sink, 0);
        handover.offerRows(sink, rows(3, 30));
        RecordingSinkConnection restarted = new RecordingSinkConnection();

        attach(restarted, 1);

        assertThat(handover.bufferedBytes()).isZero();
        assertThat(sink.closes).isEqualTo(1);
        handover.offerRows(restarted, rows(1, 10));
        assertThat(handover.end(restarted, 1)).isTrue();
    }

    @Test
    void aFullBufferHoldsTheSinkBackUntilTheConsumerTakesHalf() {
        attach(sink, 0);

        handover.offerRows(sink, rows(4, 120));

        assertThat(sink.pauses).isEqualTo(1);
        // a sink held back settles the wait for the end: the query has to be read before its job can go on
        assertThat(handover.awaitEndOrFailure(Duration.ofDays(1))).isEmpty();

        handover.take(10, Duration.ZERO);

        assertThat(sink.resumes).isEqualTo(1);
        assertThat(stats.pausedResults()).isZero();
    }

    @Test
    void aResultLetGoCountsAndDropsWhatArrivesAndAcknowledgesItsEnd() {
        attach(sink, 0);
        handover.offerRows(sink, rows(2, 20));

        handover.discard();
        handover.offerRows(sink, rows(3, 30));

        assertThat(handover.bufferedBytes()).isZero();
        assertThat(handover.firstRowArrivalNanos()).isEqualTo(1_000);
        assertThatThrownBy(() -> handover.take(10, Duration.ZERO))
                .isInstanceOf(PushedResultException.class)
                .hasMessage("Result 7 is closed");
        // the rows dropped count for the end's check, so that the job's sink ends well for the others it carries
        assertThat(handover.end(sink, 5)).isTrue();
        assertThat(sink.closes).isZero();
    }

    @Test
    void aSinkMayStillAttachToAResultLetGo() {
        handover.discard();

        assertThat(attach(sink, 0)).isNull();
        assertThat(handover.awaitFirstSink(Duration.ofDays(1))).isEmpty();
    }

    @Test
    void aResultClosedKeepingItsConnectionRefusesItsEndButLeavesTheConnectionToItsClose() {
        attach(sink, 0);

        handover.closeKeepingConnection();

        assertThat(handover.end(sink, 0)).isFalse();
        assertThat(sink.closes).isZero();
        handover.close();
        assertThat(sink.closes).isEqualTo(1);
    }

    @Test
    void theWaitForTheFirstSinkReportsOnlyAFailureBeforeAnySinkAttached() {
        RuntimeException failure = new PushedResultException("the job failed");
        handover.fail(failure);

        assertThat(handover.awaitFirstSink(Duration.ofDays(1))).containsSame(failure);

        PushedResultHandover attached =
                new PushedResultHandover(RESULT_ID, 100, LOST_CONNECTION_TIMEOUT, Clock.systemUTC(), clock::get, stats);
        attached.attach(sink, new PushWire.Hello(RESULT_ID, new byte[] {1}, 7L, 11L, 0));
        attached.fail(failure);
        assertThat(attached.awaitFirstSink(Duration.ofDays(1))).isEmpty();
    }

    @Test
    void theWaitForTheEndReportsAFailureAndNotAnEnd() {
        attach(sink, 0);
        handover.end(sink, 0);

        assertThat(handover.awaitEndOrFailure(Duration.ofDays(1))).isEmpty();

        RuntimeException failure = new PushedResultException("the job failed");
        PushedResultHandover failed =
                new PushedResultHandover(RESULT_ID, 100, LOST_CONNECTION_TIMEOUT, Clock.systemUTC(), clock::get, stats);
        failed.fail(failure);
        assertThat(failed.awaitEndOrFailure(Duration.ofDays(1))).containsSame(failure);
    }

    @Test
    void aWaitThatDoesNotSettleEndsAtItsTimeoutOnTheClock() {
        // the clock moves on at every read, so that the wait's time is up at its first look
        PushedResultHandover waiting = new PushedResultHandover(
                RESULT_ID, 100, LOST_CONNECTION_TIMEOUT, Clock.systemUTC(), () -> clock.addAndGet(1_000), stats);

        assertThat(waiting.awaitFirstSink(Duration.ofNanos(500))).isEmpty();
    }

    private String attach(RecordingSinkConnection connection, int attempt) {
        return handover.attach(connection, new PushWire.Hello(RESULT_ID, new byte[] {1}, 7L, 11L, attempt));
    }

    /** A ROWS frame's payload: the row count, then {@code bytes} in all. */
    private static byte[] rows(int rowCount, int bytes) {
        byte[] payload = new byte[bytes];
        payload[0] = (byte) (rowCount >>> 24);
        payload[1] = (byte) (rowCount >>> 16);
        payload[2] = (byte) (rowCount >>> 8);
        payload[3] = (byte) rowCount;
        return payload;
    }
}
