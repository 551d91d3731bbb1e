package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.ClientDriver;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The connection property {@code ansi_quotes}: with it, identifiers in double quotes are rewritten to Flink's back ticks
 * before Flink parses a statement, through any Avatica client; without it, Flink's own meaning of double quotes stays.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class AnsiQuotesIT {
    private static final String QUERY = "SELECT \"v\" FROM (VALUES (1)) AS t(\"v\")";

    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    @ParameterizedTest
    @EnumSource(ClientDriver.class)
    void doubleQuotedIdentifiersWorkWithTheProperty(ClientDriver driver) throws SQLException {
        // Avatica's own driver sends the properties given to getConnection, not those of its URL
        Properties properties = new Properties();
        properties.setProperty("ansi_quotes", "true");
        try (Connection connection = DriverManager.getConnection(driver.url(gateway), properties);
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery(QUERY))).containsExactly(List.of(1));
        }
    }

    @Test
    void stringLiteralsCommentsAndBackTicksStayAsTheyAre() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";ansi_quotes=true");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT 'say \"hi\"' AS \"a\"\"b\", `c` -- \"not a name\"\n"
                        + "FROM (VALUES (2)) AS t(\"c\")")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getMetaData().getColumnLabel(1)).isEqualTo("a\"b");
            assertThat(rows.getString(1)).isEqualTo("say \"hi\"");
            assertThat(rows.getInt("c")).isEqualTo(2);
        }
    }

    @Test
    void aPreparedStatementIsRewrittenOnceAndBoundAsAnyOther() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";ansi_quotes=true");
                PreparedStatement statement = connection.prepareStatement(
                        "SELECT \"my col\" FROM (VALUES (1), (2)) AS t(\"my col\") WHERE \"my col\" = ?")) {
            assertThat(statement.getMetaData().getColumnLabel(1)).isEqualTo("my col");
            statement.setInt(1, 2);
            assertThat(ReferenceWorkload.rows(statement.executeQuery())).containsExactly(List.of(2));
        }
    }

    @Test
    void withoutThePropertyFlinksOwnMeaningOfDoubleQuotesStays() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery(QUERY)).satisfies(hasSqlState("42000"));
        }
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl() + ";ansi_quotes=false");
                Statement statement = connection.createStatement()) {
            assertThatThrownBy(() -> statement.executeQuery(QUERY)).satisfies(hasSqlState("42000"));
        }
    }

    @Test
    void refusesAValueThatIsNeitherTrueNorFalse() {
        assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl() + ";ansi_quotes=yes"))
                .satisfies(hasSqlState("22023"))
                .hasMessageContaining("ansi_quotes must be true or false, was 'yes'");
    }
}
