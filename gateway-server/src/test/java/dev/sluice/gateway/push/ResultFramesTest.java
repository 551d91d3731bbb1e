package dev.sluice.gateway.push;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

final class ResultFramesTest {
    @Test
    void takesWholeFramesUntilTheyHoldMaxRowsAndCountsTheirRows() {
        ResultFrames frames = new ResultFrames();
        byte[] first = new byte[10];
        byte[] second = new byte[20];
        byte[] third = new byte[30];
        frames.add(first, 3);
        frames.add(second, 4);
        frames.add(third, 5);

        ResultFrames.Taken taken = frames.take(5);

        // the second frame goes out whole although it passes maxRows: a frame is never split here
        assertThat(taken.payloads()).containsExactly(first, second);
        assertThat(taken.rows()).isEqualTo(7);
        assertThat(frames.bytes()).isEqualTo(30);

        ResultFrames.Taken rest = frames.take(100);
        assertThat(rest.payloads()).containsExactly(third);
        assertThat(rest.rows()).isEqualTo(5);
        assertThat(frames.isEmpty()).isTrue();
        assertThat(frames.bytes()).isZero();
    }

    @Test
    void takingFromNoFramesTakesNothing() {
        ResultFrames frames = new ResultFrames();
        frames.add(new byte[8], 0); // a frame without rows is not kept

        ResultFrames.Taken taken = frames.take(10);

        assertThat(taken.payloads()).isEmpty();
        assertThat(taken.rows()).isZero();
    }
}
