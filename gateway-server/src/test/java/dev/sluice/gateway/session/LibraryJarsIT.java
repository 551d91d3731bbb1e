package dev.sluice.gateway.session;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.LocalFlinkCluster;
import dev.sluice.gateway.testing.ReferenceWorkload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A format that is not in the box (ORC, whose jar Maven copies to target/it-lib) added through sluice.lib.dirs: the
 * gateway's planner finds it, and its jobs carry the jar to the embedded cluster and to a standalone cluster in its
 * own JVMs, whose class path lacks it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class LibraryJarsIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final Path IT_LIB = Path.of("target", "it-lib").toAbsolutePath();

    // the tables' directories lie here, which the data-access policy must allow
    private static final String WRITABLE = "sluice.security.data.writable-locations";

    @TempDir
    Path data;

    private LocalFlinkCluster cluster;

    @BeforeAll
    void startCluster() throws Exception {
        assertThat(Files.list(IT_LIB).map(jar -> jar.getFileName().toString()))
                .anyMatch(name -> name.startsWith("flink-sql-orc-"));
        cluster = GATEWAYS.manage(
                "cluster",
                LocalFlinkCluster.start(Path.of("target", "flink-lib-it").toAbsolutePath()));
    }

    @Test
    void aFormatFromTheLibFolderWorksOnTheEmbeddedCluster() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of("sluice.lib.dirs", IT_LIB.toString(), WRITABLE, data.toString()));
        writeAndReadOrc(gateway, data.resolve("embedded"));
    }

    @Test
    void jobsCarryTheLibJarsToAStandaloneClusterThatLacksThem() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.lib.dirs",
                IT_LIB.toString(),
                "sluice.clusters",
                "standalone",
                "sluice.cluster.standalone.type",
                "REMOTE",
                "sluice.cluster.standalone.rest-address",
                "127.0.0.1:" + cluster.restPort(),
                WRITABLE,
                data.toString()));
        writeAndReadOrc(gateway, data.resolve("standalone"));
    }

    @Test
    void withoutTheLibFolderTheFormatIsUnknown() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of(WRITABLE, data.toString()));
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(orcTable(data.resolve("none")));
            assertThatThrownBy(() -> statement.execute("insert into orders values (1, 'ada')"))
                    .satisfies(hasSqlState("42000"))
                    .hasMessageContaining("Could not find any format factory for identifier 'orc'");
        }
    }

    private static void writeAndReadOrc(SluiceGateway gateway, Path directory) throws SQLException {
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
                Statement statement = connection.createStatement()) {
            statement.execute(orcTable(directory));
            statement.execute("insert into orders values (1, 'ada'), (2, 'grace')");
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select id, customer from orders order by id")))
                    .containsExactly(List.of(1, "ada"), List.of(2, "grace"));
        }
    }

    private static String orcTable(Path directory) {
        return "create temporary table orders (id INT, customer STRING) with ('connector' = 'filesystem',"
                + " 'path' = '" + directory.toUri() + "', 'format' = 'orc')";
    }
}
