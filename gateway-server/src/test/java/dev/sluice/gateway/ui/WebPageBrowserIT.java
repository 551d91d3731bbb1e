package dev.sluice.gateway.ui;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The web page as a user sees it: Debian's Chromium, headless, loads {@code /ui/} from a gateway while a query runs;
 * the rendered DOM must list the statement and its session, and a screenshot is kept in {@code target/} to look at.
 * CI installs Chromium ({@code .ci/run}); without it this test fails and says so, it is not skipped.
 */
final class WebPageBrowserIT {
    /** Where Debian's package puts the browser; {@code SLUICE_CHROMIUM} names another one. */
    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("SLUICE_CHROMIUM", "/usr/bin/chromium"));

    private static final String SLOW_QUERY = "SELECT x FROM slow WHERE x <> -1";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path directory;

    @Test
    void chromiumRendersTheRunningStatementAndItsSession() throws Exception {
        assertThat(Files.isExecutable(CHROMIUM))
                .as(
                        "Chromium at %s (Debian: apt-get install chromium, as .ci/run does; or set SLUICE_CHROMIUM)",
                        CHROMIUM)
                .isTrue();
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMPORARY TABLE slow (x INT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '100000', 'rows-per-second' = '20')");
            try (ResultSet rows = statement.executeQuery(SLOW_QUERY)) {
                assertThat(rows.next()).isTrue();
                String page = "http://127.0.0.1:" + gateway.address().getPort() + "/ui/";

                String dom = chromium("--dump-dom", page);
                assertThat(dom)
                        .contains("Running statements (1)")
                        .contains("SELECT x FROM slow WHERE x &lt;&gt; -1")
                        .contains("Sessions (1)")
                        .contains("embedded (default)");

                Path screenshot = Path.of("target", "ui-screenshot.png").toAbsolutePath();
                chromium("--window-size=1280,900", "--screenshot=" + screenshot, page);
                assertThat(screenshot).isRegularFile();
                assertThat(Files.size(screenshot))
                        .as("a PNG with something drawn")
                        .isGreaterThan(10_000);
            }
        }
    }

    /** Runs headless Chromium on its own profile and returns what it printed; fails if it does not end well. */
    private String chromium(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox", // CI runs as root, where Chromium refuses its sandbox
                "--disable-gpu",
                "--user-data-dir=" + Files.createTempDirectory(directory, "profile")));
        command.addAll(List.of(arguments));
        Path output = directory.resolve("chromium.out");
        Path errors = directory.resolve("chromium.err");
        Process chromium = new ProcessBuilder(command)
                .redirectOutput(output.toFile())
                .redirectError(errors.toFile())
                .start();
        boolean ended = chromium.waitFor(90, TimeUnit.SECONDS);
        if (!ended) {
            chromium.destroyForcibly();
        }
        assertThat(ended && chromium.exitValue() == 0)
                .as("Chromium ends well; it said:%n%s", Files.readString(errors, StandardCharsets.UTF_8))
                .isTrue();
        return Files.readString(output, StandardCharsets.UTF_8);
    }
}
