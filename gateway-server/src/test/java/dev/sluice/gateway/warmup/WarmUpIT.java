package dev.sluice.gateway.warmup;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up on the embedded cluster: it runs its queries through a session like a user's, reads tables of each
 * declared catalog up to its bound (a row, then filtered, aggregated and looked up by a value), leaves no session behind, and a step that fails or runs out of time is reported and leaves a
 * gateway that serves queries.
 */
final class WarmUpIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path warehouse;

    @Test
    void runsTheJoinOnTheClusterAndReadsTablesOfEachCatalogUpToItsBound() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", warehouse.toUri().toString(),
                "sluice.warm-up.tables-per-catalog", "2"));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create table lake.`default`.orders (id INT, amount DOUBLE)");
            statement.execute("create table lake.`default`.customers (name STRING, region STRING)");
            statement.execute("create database lake.other");
            statement.execute("create table lake.other.events (id INT)");
            statement.execute("SET 'table.dml-sync' = 'true'");
            statement.execute("insert into lake.`default`.orders values (1, 12.5)");
        }

        GatewayWarmUp.Report report = gateway.warmUp();

        String steps = String.join("\n", report.steps());
        assertThat(report.failures()).as(steps).isZero();
        assertThat(report.steps())
                .as(steps)
                .anySatisfy(step -> assertThat(step).startsWith("cluster embedded, query 2, round 5: "))
                .anySatisfy(
                        step -> assertThat(step).startsWith("cluster embedded, one row of `lake`.`default`.`orders`: "))
                .anySatisfy(step -> assertThat(step)
                        .as("the lookup by the value of the row read first")
                        .startsWith("cluster embedded, query 3 of `lake`.`default`.`orders`, round 2: "))
                .anySatisfy(step -> assertThat(step)
                        .as("an empty table is read without a lookup")
                        .startsWith("cluster embedded, query 2 of `lake`.`default`.`customers`, round 2: "))
                .noneSatisfy(step -> assertThat(step).contains("query 3 of `lake`.`default`.`customers`"))
                .noneSatisfy(step -> assertThat(step)
                        .as("two tables a catalog: the other database's is left")
                        .contains("`lake`.`other`.`events`"));
        assertThat(gateway.openSessions()).as("the warm-up's session is closed").isZero();
    }

    @Test
    void aStepThatFailsIsReportedAndTheGatewayServesQueries() throws Exception {
        // a policy without datagen refuses the warm-up's tables
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.security.data.connectors", "blackhole;filesystem",
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", warehouse.toUri().toString()));

        GatewayWarmUp.Report report = gateway.warmUp();

        assertThat(report.failures()).isEqualTo(1);
        assertThat(report.steps())
                .anySatisfy(step -> assertThat(step)
                        .startsWith("cluster embedded, datagen table: failed: ")
                        .contains("datagen"));
        assertThat(gateway.openSessions()).isZero();
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select count(*) from (values (1), (2)) as t(x)")))
                    .containsExactly(List.of(2L));
        }
    }

    @Test
    void stopsAtItsTimeout() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.warm-up.timeout", "1 ms"));

        GatewayWarmUp.Report report = gateway.warmUp();

        assertThat(report.failures()).isPositive();
        assertThat(report.steps()).allSatisfy(step -> assertThat(step).contains("sluice.warm-up.timeout (PT0.001S)"));
        assertThat(gateway.openSessions()).isZero();
    }
}
