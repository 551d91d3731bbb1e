package dev.sluice.gateway.security;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Code from jars runs inside the gateway, so it is refused unless it comes from an allowed directory. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class UserCodeIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    @TempDir
    static Path directory;

    private SluiceGateway gateway;
    private Path outsideJar;
    private Path allowedJar;

    @BeforeAll
    void startGateway() throws Exception {
        Path allowed = Files.createDirectory(directory.resolve("udfs"));
        allowedJar = emptyJar(allowed.resolve("functions.jar"));
        outsideJar = emptyJar(directory.resolve("elsewhere.jar"));
        gateway = GATEWAYS.start(Map.of("sluice.security.user-code.allowed-locations", allowed.toString()));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ADD JAR '%s'",
                "REMOVE JAR '%s'",
                "CREATE TEMPORARY FUNCTION f AS 'com.example.F' USING JAR '%s'",
                "CREATE TEMPORARY SYSTEM FUNCTION f AS 'com.example.F' LANGUAGE JAVA USING JAR '%s'",
                "CREATE FUNCTION f AS 'com.example.F' USING JAR '%s'"
            })
    void refusesCodeFromAJarOutsideTheAllowedDirectories(String template) throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            Path noSuchJar = directory.resolve("no-such.jar");
            String existing = refusal(statement, template.formatted(outsideJar));
            String missing = refusal(statement, template.formatted(noSuchJar));

            // the same answer for a file that exists and one that does not (the driver quotes the statement)
            assertThat(existing.replace(outsideJar.toString(), "JAR"))
                    .isEqualTo(missing.replace(noSuchJar.toString(), "JAR"))
                    .contains("is refused: code from a jar runs inside the gateway");
            assertThat(jars(statement)).isEmpty();
        }
    }

    @Test
    void refusesJarsOnTheClassPathBySetOrConnectionProperty() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(refusal(statement, "SET 'pipeline.jars' = 'file://" + outsideJar + "'"))
                    .contains("Setting pipeline.jars is refused");
            try (ResultSet options = statement.executeQuery("SET")) {
                while (options.next()) {
                    assertThat(options.getString(1)).isNotEqualTo("pipeline.jars");
                }
            }
        }
        assertThatThrownBy(() -> DriverManager.getConnection(
                        gateway.jdbcUrl() + ";pipeline.classpaths=file://" + directory + "/"))
                .satisfies(hasSqlState("42501"));
    }

    @Test
    void refusesAPreparedAddJarBeforeFlinkParsesIt() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            assertThatThrownBy(() -> connection.prepareStatement("ADD JAR '" + outsideJar + "'"))
                    .satisfies(hasSqlState("42501"));
        }
    }

    @Test
    void addsAJarFromAnAllowedDirectory() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("ADD JAR '" + allowedJar + "'");

            assertThat(jars(statement)).containsExactly(allowedJar.toString());
            String escaping = refusal(statement, "ADD JAR '" + allowedJar.getParent() + "/../elsewhere.jar'");
            assertThat(escaping).contains("ADD JAR is refused");
        }
    }

    private static String refusal(Statement statement, String sql) {
        try {
            statement.execute(sql);
        } catch (SQLException e) {
            assertThat(e.getSQLState()).as(sql).isEqualTo("42501");
            return e.getMessage();
        }
        throw new AssertionError("ran: " + sql);
    }

    private static List<String> jars(Statement statement) throws SQLException {
        List<String> jars = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery("SHOW JARS")) {
            while (rows.next()) {
                jars.add(rows.getString(1));
            }
        }
        return jars;
    }

    private static Path emptyJar(Path path) throws IOException {
        try (OutputStream out = Files.newOutputStream(path);
                JarOutputStream jar = new JarOutputStream(out)) {
            jar.finish();
        }
        return path;
    }
}
