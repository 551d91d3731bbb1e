package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The statements that used to take the gateway's heap or a core for minutes (a CASE of 1,000 branches, IN lists of
 * 10,000 and 100,000 values, a 1M-character chain of additions) are refused at once with 54001, before Flink parses
 * them, while another connection's query goes on being answered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class HeavyStatementsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private SluiceGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        gateway = GATEWAYS.start(Map.of());
    }

    static Stream<Arguments> heavyStatements() {
        return Stream.of(
                arguments(
                        "a CASE of 1,000 branches",
                        "select case"
                                + IntStream.range(0, 1_000)
                                        .mapToObj(i -> " when x = " + i + " then 'v" + i + "'")
                                        .collect(Collectors.joining())
                                + " end from t",
                        "A CASE of more than 100 branches"),
                arguments(
                        "an IN list of 10,000 values",
                        "select x from t where x in (" + values(10_000) + ")",
                        "An IN list of more than 1000 values"),
                arguments(
                        "an IN list of 100,000 values",
                        "select x from t where x in (" + values(100_000) + ")",
                        "An IN list of more than 1000 values"),
                arguments(
                        "a 1M-character chain of additions",
                        "select 1" + "+1".repeat(499_990),
                        "An expression of more than 200 operators in a row"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("heavyStatements")
    void isRefusedAtOnceWhileOthersAreServed(String name, String sql, String message) throws Exception {
        try (Connection other = DriverManager.getConnection(gateway.jdbcUrl());
                Statement otherStatement = other.createStatement();
                Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(
                    "create temporary table t (x INT) with ('connector' = 'datagen', 'number-of-rows' = '3')");
            CompletableFuture<Integer> othersQuery = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rows = otherStatement.executeQuery("select 41 + 1")) {
                    rows.next();
                    return rows.getInt(1);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long start = System.nanoTime();
            assertThatThrownBy(() -> statement.execute(sql))
                    .satisfies(hasSqlState("54001"))
                    .hasMessageContaining(message);
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .as("refused before planning")
                    .isLessThan(Duration.ofSeconds(10));
            assertThat(othersQuery.get(60, TimeUnit.SECONDS)).isEqualTo(42);
            try (ResultSet rows = statement.executeQuery("select count(*) from t")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getLong(1)).as("the connection stays usable").isEqualTo(3);
            }
        }
    }

    private static String values(int count) {
        return IntStream.range(0, count).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }
}
