package dev.sluice.gateway.tls;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.ReferenceWorkload;
import dev.sluice.gateway.testing.TlsTestFiles;
import io.netty.handler.ssl.SslProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** JDBC over TLS end to end: both providers on both ends, and keep-alive connections reused across queries. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class TlsJdbcIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private TlsTestFiles files;
    private SluiceGateway openSslGateway;
    private SluiceGateway jdkGateway;

    @BeforeAll
    void startGateways(@TempDir Path directory) throws Exception {
        files = TlsTestFiles.create(directory);
        openSslGateway = GATEWAYS.start(files.serverOptions("OPENSSL"));
        jdkGateway = GATEWAYS.start(files.serverOptions("JDK"));
    }

    @ParameterizedTest(name = "gateway {0}, driver {1}")
    @CsvSource({"OPENSSL, OPENSSL", "OPENSSL, JDK", "JDK, OPENSSL", "JDK, JDK"})
    void returnsRowsOverTlsWithEachProviderOnEachEnd(String serverProvider, String driverProvider) throws Exception {
        SluiceGateway gateway = "OPENSSL".equals(serverProvider) ? openSslGateway : jdkGateway;
        assertThat(gateway.tls())
                .hasValueSatisfying(tls -> assertThat(tls.provider())
                        .isEqualTo("OPENSSL".equals(serverProvider) ? SslProvider.OPENSSL : SslProvider.JDK));
        long handshakes = gateway.connectionStats().tlsHandshakesSucceeded();

        // each combination has a pool of its own (address and provider differ), so its first request shakes hands
        try (Connection connection = DriverManager.getConnection(files.url(gateway, driverProvider));
                Statement statement = connection.createStatement()) {
            assertThat(ReferenceWorkload.rows(statement.executeQuery("select x from (values (1), (2), (3)) as t(x)")))
                    .containsExactly(List.of(1), List.of(2), List.of(3));
        }

        assertThat(gateway.connectionStats().tlsHandshakesSucceeded()).isGreaterThan(handshakes);
        assertThat(gateway.connectionStats().tlsHandshakesFailed()).isZero();
    }

    @Test
    void runsAThousandStatementsFromManyJdbcConnectionsOverOneKeepAliveTlsConnection() throws SQLException {
        // a pool of its own (a distinct property value), so earlier tests' idle connections do not count
        String url = files.url(openSslGateway, "OPENSSL") + ";pool_idle_timeout_ms=58000";
        long connectionsBefore = openSslGateway.connectionStats().acceptedConnections();
        long requestsBefore = openSslGateway.connectionStats().requests();

        // SET is answered by the gateway without a job; each execute is one Avatica request over HTTP
        for (int jdbcConnection = 0; jdbcConnection < 10; jdbcConnection++) {
            try (Connection connection = DriverManager.getConnection(url);
                    Statement statement = connection.createStatement()) {
                for (int query = 0; query < 100; query++) {
                    statement.execute("SET 'pipeline.name' = 'query-" + jdbcConnection + "-" + query + "'");
                }
            }
        }

        long connections = openSslGateway.connectionStats().acceptedConnections() - connectionsBefore;
        long requests = openSslGateway.connectionStats().requests() - requestsBefore;
        assertThat(requests).as("HTTP requests the gateway received").isGreaterThanOrEqualTo(1000);
        assertThat(connections)
                .as("TCP connections the gateway accepted for %s requests", requests)
                .isBetween(1L, 2L);
        assertThat(openSslGateway.connectionStats().tlsHandshakesFailed()).isZero();
    }
}
