package dev.sluice.gateway;

import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's quickstart: the statements of docs/quickstart/quickstart.sql, as the README runs them, over the CSV
 * files checked in beside it, with the answers the README shows.
 */
final class QuickstartIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // the project's root: the quickstart's paths are relative to it, where the README starts the gateway
    private static final Path PROJECT_ROOT = Path.of("").toAbsolutePath().getParent();

    @Test
    void runsTheQuickstartWithTheAnswersTheReadmeShows() throws Exception {
        // as the shipped conf/sluice.yaml allows it
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.data.readable-locations",
                PROJECT_ROOT.resolve("docs/quickstart").toString()));
        List<String> statements = quickstartStatements();
        assertThat(statements).hasSize(5);
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(statements.get(0));
            statement.execute(statements.get(1));
            assertThat(ReferenceWorkload.rows(statement.executeQuery(statements.get(2))))
                    .containsExactly(
                            List.of("Vandelay", "EMEA", 19L, new BigDecimal("5061.58")),
                            List.of("Umbrella", "AMER", 19L, new BigDecimal("4964.83")),
                            List.of("Globex", "APAC", 18L, new BigDecimal("4806.46")),
                            List.of("Hooli", "APAC", 18L, new BigDecimal("4692.25")),
                            List.of("Wayne", "AMER", 17L, new BigDecimal("4122.53")));
            List<List<Object>> perMonth = ReferenceWorkload.rows(statement.executeQuery(statements.get(3)));
            assertThat(perMonth).hasSize(18);
            assertThat(perMonth.subList(0, 3))
                    .containsExactly(
                            List.of("AMER", 1L, new BigDecimal("3777.94")),
                            List.of("AMER", 2L, new BigDecimal("4824.25")),
                            List.of("AMER", 3L, new BigDecimal("6541.97")));
            assertThat(ReferenceWorkload.rows(statement.executeQuery(statements.get(4))))
                    .containsExactly(List.of("AMER", 116L, 25), List.of("APAC", 93L, 22), List.of("EMEA", 91L, 15));
        }
    }

    /** The file's statements, one per line, with its relative paths made absolute for the test's working directory. */
    private static List<String> quickstartStatements() throws IOException {
        String script =
                Files.readString(PROJECT_ROOT.resolve("docs/quickstart/quickstart.sql"), StandardCharsets.UTF_8);
        List<String> statements = new ArrayList<>();
        for (String line : Arrays.asList(script.split("\n"))) {
            if (!line.isBlank() && !line.startsWith("--")) {
                assertThat(line).endsWith(";");
                statements.add(line.substring(0, line.length() - 1)
                        .replace("'docs/quickstart/", "'" + PROJECT_ROOT.resolve("docs/quickstart") + "/"));
            }
        }
        return statements;
    }
}
