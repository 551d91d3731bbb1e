package dev.sluice.gateway.statement;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import dev.sluice.gateway.testing.MetricsText;
import dev.sluice.testing.Eventually;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * More statements waiting for the cluster's admission than the driver's JVM shares connections: the gateway holds
 * each waiting execute open, and the statement whose close frees the slot must still reach the gateway at once
 * rather than queue behind them (before, it waited until the executes gave up at the admission timeout).
 */
final class SharedConnectionsAdmissionIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.embedded();

    private static final String SLOW_TABLE = "create temporary table ticks (x int) with ("
            + " 'connector' = 'datagen', 'rows-per-second' = '10', 'number-of-rows' = '100000')";
    private static final String ONE_ROW_TABLE =
            "create temporary table single (x int) with ('connector' = 'datagen', 'number-of-rows' = '1')";
    private static final int WAITERS = 3;

    @Test
    void aCloseThatFreesTheSlotIsNotQueuedBehindTheExecutesWaitingForIt() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(WAITERS);
        try (SluiceGateway gateway = GATEWAYS.start(Map.of(
                "sluice.cluster.embedded.admission.max-running-jobs", "1",
                "sluice.cluster.embedded.admission.max-queued", "8"))) {
            // two shared connections for the whole JVM (these properties are this test's own), fewer than the
            // statements that will wait for admission
            String url = gateway.jdbcUrl() + ";pool_max_connections=2";
            List<Connection> connections = new ArrayList<>();
            try (Connection holder = DriverManager.getConnection(url)) {
                Statement holding = holder.createStatement();
                holding.execute(SLOW_TABLE);
                ResultSet held = holding.executeQuery("select x from ticks");
                assertThat(held.next()).isTrue(); // its job holds the one slot while its statement is open

                List<Future<Long>> waiting = new ArrayList<>();
                for (int i = 0; i < WAITERS; i++) {
                    Connection connection = DriverManager.getConnection(url);
                    connections.add(connection);
                    try (Statement statement = connection.createStatement()) {
                        statement.execute(ONE_ROW_TABLE);
                    }
                    waiting.add(threads.submit(() -> {
                        try (Statement statement = connection.createStatement();
                                ResultSet rows = statement.executeQuery("select count(*) from single")) {
                            assertThat(rows.next()).isTrue();
                            return rows.getLong(1);
                        }
                    }));
                }
                Eventually.within(Duration.ofSeconds(60))
                        .untilAsserted(() -> assertThat(MetricsText.of(gateway))
                                .contains("sluice_admission_queued{cluster=\"embedded\"} " + WAITERS));

                long closing = System.nanoTime();
                holding.close(); // frees the slot; every shared connection is held by a waiting execute
                for (Future<Long> query : waiting) {
                    assertThat(query.get(60, TimeUnit.SECONDS)).isEqualTo(1);
                }
                assertThat(Duration.ofNanos(System.nanoTime() - closing))
                        .as("the queued queries ran one after another once the slot was free, not after a timeout")
                        .isLessThan(Duration.ofSeconds(30));
            } finally {
                for (Connection connection : connections) {
                    connection.close();
                }
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
