package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ShowJobs;
import dev.sluice.gateway.testing.TmuxShell;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bin/sluice-sql's views of streaming results, in a real terminal (tmux) against a gateway on the embedded cluster:
 * the tail view prints rows of an endless query as they arrive and Ctrl-C cancels its job, the changelog view prints
 * each change with its op, the table view updates a table in place and ends with the folded result, and without a
 * terminal the table view prints only that final table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class ShellStreamingViewsIT {
    private static final Path PROJECT_ROOT =
            Path.of(System.getProperty("user.dir")).getParent();
    // endless for a test (100,000 rows at 20 a second)
    private static final String TICKS = "CREATE TEMPORARY TABLE ticks (n BIGINT) WITH ('connector' = 'datagen',"
            + " 'rows-per-second' = '20', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
            + " 'fields.n.end' = '100000');";
    // six rows over two seconds: an aggregate over it changes while the query runs
    private static final String SLOW = "CREATE TEMPORARY TABLE slow (n BIGINT) WITH ('connector' = 'datagen',"
            + " 'rows-per-second' = '3', 'fields.n.kind' = 'sequence', 'fields.n.start' = '1',"
            + " 'fields.n.end' = '6');";
    private static final String AGGREGATE = "SELECT n % 2 AS k, COUNT(*) AS c FROM slow GROUP BY n % 2";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @Test
    void tailViewPrintsRowsOfAnEndlessQueryAsTheyArriveAndCtrlCCancelsItsJob() throws Exception {
        try (TmuxShell shell = streamingShell();
                Connection watching = DriverManager.getConnection(gateway.jdbcUrl());
                Statement jobs = watching.createStatement()) {
            run(shell, "SET 'pipeline.name' = 'shell-tail';", "No rows affected");
            run(shell, TICKS, "No rows affected");

            shell.type("SELECT n FROM ticks;");
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(shell.screen()).containsPattern(cell("5")));
            assertThat(ShowJobs.status(jobs, "shell-tail"))
                    .as("the query's job while its first rows are on the screen")
                    .isEqualTo("RUNNING");

            shell.press("C-c");
            Eventually.within(Duration.ofSeconds(30))
                    .untilAsserted(() ->
                            assertThat(ShowJobs.status(jobs, "shell-tail")).isEqualTo("CANCELED"));
            Eventually.within(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(shell.screen())
                            .contains("Cancelled: the rows above came before the cancel")
                            .containsPattern("\\d+ rows selected"));
            // back at the prompt
            run(shell, "!view", "Streaming results show as: tail");
        }
    }

    @Test
    void changelogViewPrintsEachChangeOfAnAggregateWithItsOp() throws Exception {
        try (TmuxShell shell = streamingShell()) {
            run(shell, "!view changelog", "Streaming results show as: changelog");
            run(shell, SLOW, "No rows affected");

            shell.type(AGGREGATE + ";");
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(shell.screen()).contains("rows selected"));
            String screen = shell.screen();
            assertThat(screen).containsPattern(Pattern.compile("\\|\\s*op\\s*\\|\\s*k\\s*\\|\\s*c\\s*\\|"));
            // k = 1 counted 1, then 2, then 3: each count taken back before the next
            assertThat(screen)
                    .containsPattern(row("+I", "1", "1"))
                    .containsPattern(row("-U", "1", "1"))
                    .containsPattern(row("+U", "1", "2"))
                    .containsPattern(row("+U", "1", "3"))
                    .containsPattern(row("+U", "0", "3"));
        }
    }

    @Test
    void tableViewUpdatesATableInPlaceAndEndsWithTheFoldedResult() throws Exception {
        List<List<String>> folded = foldedByTheGateway();
        try (TmuxShell shell = streamingShell()) {
            run(shell, "!view table", "Streaming results show as: table (at most 1,000 rows)");
            run(shell, SLOW, "No rows affected");

            shell.type(AGGREGATE + ";");
            Eventually.within(Duration.ofSeconds(60))
                    .pollingEvery(Duration.ofMillis(100))
                    .untilAsserted(() -> assertThat(shell.screen())
                            .as("the live table's status line")
                            .containsPattern("\\d+ rows?, \\d+ changes - Ctrl-C cancels"));
            Eventually.within(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(shell.screen()).contains("2 rows selected"));
            String screen = shell.screen();
            assertThat(screen).as("the live table, erased").doesNotContain("Ctrl-C cancels");
            for (List<String> row : folded) {
                assertThat(screen).containsPattern(row(row.get(0), row.get(1)));
            }
        }
    }

    @Test
    void withoutATerminalTheTableViewPrintsOnlyTheFinalTable() throws Exception {
        Path script = Files.createTempFile("shell-views", ".sql");
        try {
            Files.writeString(
                    script,
                    String.join(
                            "\n",
                            "SELECT 'batch' AS mode_now;",
                            "SET 'execution.runtime-mode' = 'streaming';",
                            "!view table",
                            SLOW,
                            AGGREGATE + ";",
                            ""));
            ProcessBuilder builder = new ProcessBuilder(
                            PROJECT_ROOT.resolve("bin/sluice-sql").toString(),
                            gateway.jdbcUrl(),
                            "-f",
                            script.toString())
                    .redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            // the build running this test has built the shell: without this the script would install it again
            builder.environment().put("SLUICE_SKIP_BUILD", "1");
            Process shell = builder.start();
            String output = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(shell.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(output)
                    .as(output)
                    .contains("| batch    |")
                    .contains("2 rows selected")
                    .containsPattern(row("0", "3"))
                    .containsPattern(row("1", "3"))
                    .doesNotContain("\u001b[")
                    .doesNotContain("Ctrl-C cancels");
        } finally {
            Files.delete(script);
        }
    }

    /** The aggregate's result as the gateway folds it in its TABLE result mode. */
    private List<List<String>> foldedByTheGateway() throws Exception {
        try (Connection connection =
                        DriverManager.getConnection(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
                Statement statement = connection.createStatement()) {
            statement.execute(SLOW.substring(0, SLOW.length() - 1));
            List<List<String>> rows = new ArrayList<>();
            try (ResultSet result = statement.executeQuery(AGGREGATE)) {
                while (result.next()) {
                    rows.add(List.of(result.getString(1), result.getString(2)));
                }
            }
            assertThat(rows).containsExactlyInAnyOrder(List.of("0", "3"), List.of("1", "3"));
            return rows;
        }
    }

    private TmuxShell streamingShell() throws Exception {
        TmuxShell shell = TmuxShell.start(gateway.jdbcUrl() + ";execution.runtime-mode=streaming");
        Eventually.within(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(shell.screen()).contains("0: jdbc:sluice:"));
        return shell;
    }

    private static void run(TmuxShell shell, String line, String answer) throws Exception {
        shell.type(line);
        Eventually.within(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(shell.screen()).contains(answer));
        // clear, so that the next answer is the next statement's
        shell.press("C-l");
    }

    /** A table row holding these cells, as sqlline draws it. */
    private static Pattern row(String... cells) {
        StringBuilder pattern = new StringBuilder("\\|");
        for (String cell : cells) {
            pattern.append("\\s*").append(Pattern.quote(cell)).append("\\s*\\|");
        }
        return Pattern.compile(pattern.toString());
    }

    private static Pattern cell(String value) {
        return Pattern.compile("\\|\\s*" + Pattern.quote(value) + "\\s*\\|");
    }
}
