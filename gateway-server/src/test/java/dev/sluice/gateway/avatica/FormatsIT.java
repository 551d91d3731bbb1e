package dev.sluice.gateway.avatica;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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
 * The filesystem connector and the formats in the box: each format is written by an {@code INSERT} and read back by
 * a query through the JDBC driver, on the embedded cluster and on a standalone cluster in its own JVMs, which loads
 * the same jars from the gateway's lib folder.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class FormatsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    // the tables' directories lie in the test's temporary directory, which the data-access policy must allow
    private static final String WRITABLE = "sluice.security.data.writable-locations";
    private static final String TEMP = System.getProperty("java.io.tmpdir");

    @TempDir
    Path data;

    private SluiceGateway embedded;
    private SluiceGateway standalone;

    @BeforeAll
    void startGateways() throws Exception {
        embedded = GATEWAYS.start(Map.of(WRITABLE, TEMP));
        LocalFlinkCluster cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(Path.of("target", "flink-formats-it").toAbsolutePath()));
        standalone = GATEWAYS.start(Map.of(
                "sluice.clusters",
                "standalone",
                "sluice.cluster.standalone.type",
                "REMOTE",
                "sluice.cluster.standalone.rest-address",
                "127.0.0.1:" + cluster.restPort(),
                WRITABLE,
                TEMP));
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "json", "parquet", "avro"})
    void writesAndReadsEachFormatOnTheEmbeddedCluster(String format) throws Exception {
        writeAndRead(embedded, format, data.resolve("embedded-" + format));
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "json", "parquet", "avro"})
    void writesAndReadsEachFormatOnAStandaloneCluster(String format) throws Exception {
        writeAndRead(standalone, format, data.resolve("standalone-" + format));
    }

    private static void writeAndRead(SluiceGateway gateway, String format, Path directory) throws Exception {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute("create temporary table orders (id INT, customer STRING, amount DOUBLE) with ("
                    + "'connector' = 'filesystem', 'path' = '" + directory.toUri() + "', 'format' = '" + format
                    + "')");
            statement.execute("insert into orders values (1, 'ada', 12.5), (2, 'grace', 7.25), (3, 'ada', 1.0)");
            assertThat(filesIn(directory)).as("files written as %s", format).isNotEmpty();
            assertThat(ReferenceWorkload.rows(statement.executeQuery(
                            "select customer, count(*), sum(amount) from orders group by customer order by customer")))
                    .containsExactly(List.of("ada", 2L, 13.5), List.of("grace", 1L, 7.25));
        }
    }

    private static List<Path> filesIn(Path directory) throws SQLException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> !file.getFileName().toString().startsWith("."))
                    .toList();
        } catch (java.io.IOException e) {
            throw new SQLException("cannot list " + directory, e);
        }
    }
}
