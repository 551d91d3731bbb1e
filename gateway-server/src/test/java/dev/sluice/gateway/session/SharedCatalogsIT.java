package dev.sluice.gateway.session;

import dev.sluice.gateway.GatewayConfig;
import dev.sluice.gateway.GatewayStartException;
import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.config.InvalidConfigurationException;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.testing.Eventually;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Catalogs declared in the gateway's configuration: a Paimon catalog on the local filesystem exists in every session,
 * so what one connection creates there another lists and queries, and so does a new gateway on the same warehouse.
 */
final class SharedCatalogsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    @TempDir
    Path warehouse;

    @Test
    void aTableCreatedOnOneConnectionIsSeenByAnotherAndAfterARestart() throws Exception {
        Map<String, String> lake = lakeCatalog();
        SluiceGateway first = GATEWAYS.start(lake);
        // the reader's repeated query must take the cached plan, not the result cache's answer (ResultCacheIT)
        try (Connection writer = DriverManager.getConnection(first.jdbcUrl());
                Connection reader =
                        DriverManager.getConnection(first.jdbcUrl() + ";sluice.result-cache.enabled=false");
                Statement writes = writer.createStatement();
                Statement reads = reader.createStatement()) {
            // the reader's metadata is asked before the table exists, so a cached answer would miss it
            assertThat(tableNames(reader, "lake")).isEmpty();
            writes.execute("create table lake.`default`.orders (id INT, customer STRING, amount DOUBLE)");
            writes.execute("insert into lake.`default`.orders values (1, 'ada', 12.5), (2, 'grace', 7.25)");

            // the reader's cached metadata is at most MetadataCache.MAX_AGE old
            Eventually.within(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(tableNames(reader, "lake")).containsExactly("orders"));
            String query = "select customer, amount from lake.`default`.orders order by id";
            assertThat(ReferenceWorkload.rows(reads.executeQuery(query)))
                    .containsExactly(List.of("ada", 12.5), List.of("grace", 7.25));
            // the plan of a query over a shared catalog is reused while what it read is unchanged (SharedPlansIT)
            ReferenceWorkload.rows(reads.executeQuery(query));
            assertThat(planCacheOfLastQuery(reads)).isEqualTo("hit");

            // each session keeps its own in-memory catalog for temporary objects
            writes.execute("create temporary view mine as select 1 as x");
            assertThat(tableNames(reader, "default_catalog")).doesNotContain("mine");
        }
        first.close();

        SluiceGateway second = GATEWAYS.start(lake);
        try (Connection connection = DriverManager.getConnection(second.jdbcUrl());
                Statement statement = connection.createStatement()) {
            assertThat(tableNames(connection, "lake")).containsExactly("orders");
            assertThat(ReferenceWorkload.rows(
                            statement.executeQuery("select count(*), sum(amount) from lake.`default`.orders")))
                    .containsExactly(List.of(2L, 19.75));
        }
    }

    @Test
    void refusesAnInMemoryCatalogWhichCouldNotBeShared() {
        Map<String, String> options = Map.of(
                "sluice.catalogs", "scratch",
                "sluice.catalog.scratch.type", "generic_in_memory");
        assertThatThrownBy(() -> GatewayConfig.from(Configuration.fromMap(options)))
                .isInstanceOf(InvalidConfigurationException.class)
                .hasMessageContaining("sluice.catalog.scratch.type must be a catalog that keeps its tables outside"
                        + " the gateway (e.g. paimon), was generic_in_memory");
    }

    @Test
    void aCatalogThatCannotBeOpenedStopsTheStart() {
        assertThatThrownBy(() -> GATEWAYS.start(Map.of(
                        "sluice.catalogs", "lake",
                        "sluice.catalog.lake.type", "iceberg",
                        "sluice.catalog.lake.warehouse", warehouse.toUri().toString())))
                .isInstanceOf(GatewayStartException.class)
                .hasMessageContaining("Catalog 'lake' of type 'iceberg' (sluice.catalog.lake.*) cannot be opened")
                .hasMessageContaining("Could not find any factory for identifier 'iceberg'");
    }

    private Map<String, String> lakeCatalog() {
        return Map.of(
                "sluice.catalogs", "lake",
                "sluice.catalog.lake.type", "paimon",
                "sluice.catalog.lake.warehouse", warehouse.toUri().toString());
    }

    private static List<String> tableNames(Connection connection, String catalog) throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet tables = connection.getMetaData().getTables(catalog, null, "%", null)) {
            while (tables.next()) {
                names.add(tables.getString("TABLE_NAME"));
            }
        }
        return names;
    }

    private static String planCacheOfLastQuery(Statement statement) throws SQLException {
        String planCache = null;
        try (ResultSet history = statement.executeQuery("SHOW QUERY HISTORY")) {
            while (history.next()) {
                if (history.getString("kind").equals("QUERY")) {
                    planCache = history.getString("plan_cache");
                }
            }
        }
        return planCache;
    }
}
