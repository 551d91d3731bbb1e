package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bin/sluice-sql in a real terminal (tmux, on a server of its own): while a long statement runs, a status line shows
 * its phase, elapsed time, rows so far and Flink job id, and it is gone when the result is printed.
 */
final class ShellProgressIT {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern STATUS = Pattern.compile(
            "\\[(planning|running|reading|delivering)\\] \\d+\\.\\d s, [\\d,]+ rows, job ([0-9a-f]{32}|not submitted yet)");

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // a tmux server of this test's own, which it stops: nothing else's terminal is touched
    private final String socket = "sluice-shell-it-" + UUID.randomUUID();

    @Test
    void showsAStatusLineWhileAStatementRunsAndErasesItForTheResult() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try {
            tmux(
                    "new-session",
                    "-d",
                    "-s",
                    "shell",
                    "-x",
                    "200",
                    "-y",
                    "50",
                    "-e",
                    "SLUICE_SKIP_BUILD=1",
                    PROJECT_ROOT.resolve("bin/sluice-sql") + " '" + gateway.jdbcUrl()
                            + ";execution.runtime-mode=streaming'");
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(screen()).contains("0: jdbc:sluice:"));
            type("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '12', 'rows-per-second' = '3');");
            Eventually.within(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(screen()).contains("No rows affected"));

            // a changelog, folded before its row goes out: the statement runs while the job reads all 12 rows
            type("SELECT COUNT(*) AS n FROM slow;");
            AtomicReference<String> status = new AtomicReference<>();
            Eventually.within(Duration.ofSeconds(30))
                    .pollingEvery(Duration.ofMillis(100))
                    .untilAsserted(() -> {
                        Matcher matcher = STATUS.matcher(screen());
                        assertThat(matcher.find()).as("a status line").isTrue();
                        assertThat(matcher.group(2)).as("the job's id").hasSize(32);
                        status.set(matcher.group());
                    });
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(screen()).contains("1 row selected"));
            assertThat(STATUS.matcher(screen()).find())
                    .as("the status line %s is erased once the result is printed", status.get())
                    .isFalse();
        } finally {
            tmux("kill-server");
        }
    }

    private void type(String line) throws IOException, InterruptedException {
        // with a space after it: tmux takes an argument that ends in ';' for the end of its own command
        tmux("send-keys", "-t", "shell", "-l", line + " ");
        tmux("send-keys", "-t", "shell", "Enter");
    }

    private String screen() throws IOException, InterruptedException {
        return tmux("capture-pane", "-p", "-t", "shell");
    }

    private String tmux(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return output;
    }
}
