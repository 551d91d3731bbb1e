package dev.sluice.gateway.push;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class PushedResultBufferTest {
    private final PushBufferStats stats = new PushBufferStats();
    private final PushedResultBuffer buffer = new PushedResultBuffer(100, stats);
    private final RecordingSinkConnection connection = new RecordingSinkConnection();

    @Test
    void stopsReadingTheConnectionOnceFullAndOnlyOnce() {
        buffer.add(new byte[60], 1, connection);
        assertThat(buffer.isPaused()).isFalse();

        buffer.add(new byte[40], 1, connection);
        buffer.add(new byte[10], 1, connection);

        assertThat(buffer.isPaused()).isTrue();
        assertThat(connection.pauses).isEqualTo(1);
        assertThat(stats.pausedResults()).isEqualTo(1);
    }

    @Test
    void releasesTheSinkOnlyWhenHalfOfTheBoundIsLeft() {
        buffer.add(new byte[30], 1, connection);
        buffer.add(new byte[20], 1, connection);
        buffer.add(new byte[50], 1, connection);

        buffer.take(1);
        assertThat(buffer.bytes()).isEqualTo(70);
        assertThat(buffer.releaseIfHalfTaken()).isFalse();
        assertThat(buffer.isPaused()).isTrue();

        buffer.take(1);
        assertThat(buffer.bytes()).isEqualTo(50);
        assertThat(buffer.releaseIfHalfTaken()).isTrue();
        assertThat(buffer.isPaused()).isFalse();
        assertThat(stats.pausedResults()).isZero();
        // released once: the caller resumes the connection once
        assertThat(buffer.releaseIfHalfTaken()).isFalse();
        // the buffer does not resume the connection itself: the one that delivers the result now may be another
        assertThat(connection.resumes).isZero();
    }

    @Test
    void countsItsBytesInTheEndpointStats() {
        buffer.add(new byte[30], 2, connection);
        buffer.add(new byte[50], 3, connection);
        assertThat(stats.bufferedBytes()).isEqualTo(80);

        ResultFrames.Taken taken = buffer.take(2);

        assertThat(taken.rows()).isEqualTo(2);
        assertThat(stats.bufferedBytes()).isEqualTo(50);
        assertThat(stats.peakResultBytes()).isEqualTo(80);
    }

    @Test
    void clearingDropsTheRowsAndStopsHoldingTheSinkBack() {
        buffer.add(new byte[120], 1, connection);
        assertThat(stats.pausedResults()).isEqualTo(1);

        buffer.clear();

        assertThat(buffer.isEmpty()).isTrue();
        assertThat(buffer.isPaused()).isFalse();
        assertThat(stats.bufferedBytes()).isZero();
        assertThat(stats.pausedResults()).isZero();
    }
}
