package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.TmuxShell;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bin/sluice-sql in a real terminal (tmux, on a server of its own): while a long statement runs, a status line shows
 * its phase, elapsed time, rows so far and Flink job id, and it is gone when the result is printed.
 */
final class ShellProgressIT {
    private static final Pattern STATUS = Pattern.compile(
            "\\[(planning|running|reading|delivering)\\] \\d+\\.\\d s, [\\d,]+ rows, job ([0-9a-f]{32}|not submitted yet)");

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @Test
    void showsAStatusLineWhileAStatementRunsAndErasesItForTheResult() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (TmuxShell shell = TmuxShell.start(gateway.jdbcUrl() + ";execution.runtime-mode=streaming")) {
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(shell.screen()).contains("0: jdbc:sluice:"));
            shell.type("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '12', 'rows-per-second' = '3');");
            Eventually.within(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(shell.screen()).contains("No rows affected"));

            // a changelog, folded before its row goes out: the statement runs while the job reads all 12 rows
            shell.type("SELECT COUNT(*) AS n FROM slow;");
            AtomicReference<String> status = new AtomicReference<>();
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(100))
                    .untilAsserted(() -> {
                        Matcher matcher = STATUS.matcher(shell.screen());
                        assertThat(matcher.find()).as("a status line").isTrue();
                        assertThat(matcher.group(2)).as("the job's id").hasSize(32);
                        status.set(matcher.group());
                    });
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(shell.screen()).contains("1 row selected"));
            assertThat(STATUS.matcher(shell.screen()).find())
                    .as("the status line %s is erased once the result is printed", status.get())
                    .isFalse();
        }
    }
}
