package dev.sluice.jdbc.shell;

import dev.sluice.jdbc.QueryProgress;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

final class ProgressLineTest {
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private final ProgressLine line = new ProgressLine(new PrintStream(written, true, StandardCharsets.UTF_8));

    @Test
    void rewritesOneLineInPlaceAndErasesItWhenTheCallEnds() {
        line.progress(new QueryProgress("planning", Duration.ofMillis(250), 0, null));
        line.progress(
                new QueryProgress("reading", Duration.ofMillis(12_345), 1024, "61e4dde9d21b4c5e8a8f2b0c6d7e9f10"));
        line.executeEnded();

        assertThat(written.toString(StandardCharsets.UTF_8))
                .isEqualTo("\r\u001b[K[planning] 0.3 s, 0 rows, job not submitted yet"
                        + "\r\u001b[K[reading] 12.3 s, 1,024 rows, job 61e4dde9d21b4c5e8a8f2b0c6d7e9f10"
                        + "\r\u001b[K");
    }

    @Test
    void writesNothingForAStatementThatEndedBeforeAnyProgress() {
        line.executeEnded();

        assertThat(written.size()).isZero();
    }
}
