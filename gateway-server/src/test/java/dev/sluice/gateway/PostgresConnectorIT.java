package dev.sluice.gateway;

import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.PostgresServer;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The worked example of docs/connectors.md: Flink's JDBC connector, which is not in the box, added through
 * {@code sluice.lib.dirs} as its documentation says (the connector's core and PostgreSQL jars and PostgreSQL's driver,
 * which the {@code postgres} profile copies to target/postgres-lib), against a real PostgreSQL server. Rows are read
 * and written through Sluice's JDBC driver and checked in PostgreSQL.
 *
 * <p>Runs only with {@code ./mvnw -Ppostgres -pl gateway-server -am verify -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=PostgresConnectorIT}.
 */
@Tag("postgres")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class PostgresConnectorIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final Path POSTGRES_LIB = Path.of("target", "postgres-lib").toAbsolutePath();
    private static final Path POSTGRES_BINARIES =
            Path.of("target", "postgres-binaries").toAbsolutePath();

    private PostgresServer postgres;
    private SluiceGateway gateway;

    @BeforeAll
    void startPostgresAndGateway() throws Exception {
        postgres = GATEWAYS.manage("postgres", PostgresServer.start(onlyJar(POSTGRES_BINARIES), driverJar()));
        try (Connection connection = postgres.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("create table customers (id integer primary key, name text not null, region text)");
            statement.execute("insert into customers values (1, 'Ada', 'EMEA'), (2, 'Grace', 'AMER')");
            statement.execute("create table orders (id integer primary key, customer_id integer not null,"
                    + " amount numeric(10, 2) not null)");
        }
        // the JDBC connector is not allowed by default, nor is any server it may connect to
        gateway = GATEWAYS.start(Map.of(
                "sluice.lib.dirs", POSTGRES_LIB.toString(),
                "sluice.security.data.connectors", "datagen;filesystem;jdbc",
                "sluice.security.data.writable-locations", postgres.jdbcUrl()));
    }

    @Test
    void readsRowsThatPostgresHolds() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(customersTable());

            assertThat(ReferenceWorkload.rows(
                            statement.executeQuery("select id, name, region from customers order by id")))
                    .containsExactly(List.of(1, "Ada", "EMEA"), List.of(2, "Grace", "AMER"));
        }
    }

    @Test
    void writesRowsThatPostgresThenHoldsAndReadsThemBack() throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(customersTable());
            statement.execute(ordersTable());

            // Flink's JDBC sink reports no row count (-1), which the gateway answers as 0
            assertThat(statement.executeUpdate(
                            "insert into orders values (10, 1, 12.50), (11, 2, 7.25), (12, 1, 30.00)"))
                    .isZero();
            // the primary key makes the sink upsert: order 11 changes, it is not added twice
            statement.executeUpdate("insert into orders values (11, 2, 8.75)");

            assertThat(
                            ReferenceWorkload.rows(
                                    statement.executeQuery(
                                            "select c.name, count(*), sum(o.amount)"
                                                    + " from orders o join customers c on o.customer_id = c.id group by c.name order by c.name")))
                    .containsExactly(
                            List.of("Ada", 2L, new BigDecimal("42.50")), List.of("Grace", 1L, new BigDecimal("8.75")));
        }
        try (Connection connection = postgres.connect();
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(
                            statement.executeQuery("select id, customer_id, amount from orders order by id")))
                    .containsExactly(
                            List.of(10, 1, new BigDecimal("12.50")),
                            List.of(11, 2, new BigDecimal("8.75")),
                            List.of(12, 1, new BigDecimal("30.00")));
        }
    }

    private String customersTable() {
        return "create temporary table customers (id INT, name STRING, region STRING, PRIMARY KEY (id) NOT ENFORCED)"
                + " with ('connector' = 'jdbc', 'url' = '" + postgres.jdbcUrl() + "', 'table-name' = 'customers',"
                + " 'username' = 'postgres', 'password' = 'postgres')";
    }

    private String ordersTable() {
        return "create temporary table orders (id INT, customer_id INT, amount DECIMAL(10, 2),"
                + " PRIMARY KEY (id) NOT ENFORCED) with ('connector' = 'jdbc', 'url' = '" + postgres.jdbcUrl()
                + "', 'table-name' = 'orders', 'username' = 'postgres', 'password' = 'postgres')";
    }

    private static Path driverJar() throws Exception {
        try (Stream<Path> jars = Files.list(POSTGRES_LIB)) {
            return jars.filter(jar -> jar.getFileName().toString().startsWith("postgresql-"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("No PostgreSQL driver in " + POSTGRES_LIB));
        }
    }

    private static Path onlyJar(Path directory) throws Exception {
        try (Stream<Path> jars = Files.list(directory)) {
            List<Path> all = jars.toList();
            assertThat(all).as("jars in " + directory).hasSize(1);
            return all.get(0);
        }
    }
}
