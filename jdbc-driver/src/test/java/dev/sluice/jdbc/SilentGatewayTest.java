package dev.sluice.jdbc;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Properties;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A gateway address where the kernel accepts connections but nothing reads them (a process whose event loops are
 * gone while its socket still listens): no call waits for ever.
 */
final class SilentGatewayTest {
    private final SluiceDriver driver = new SluiceDriver();

    @Test
    void connectingFailsWithinTheRequestTimeoutWith08006NamingTheGatewayAndTheWait() throws Exception {
        // never accepted: the kernel completes the handshakes into the backlog and buffers the requests
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "jdbc:sluice://127.0.0.1:" + silent.getLocalPort() + ";request_timeout_ms=300";

            long started = System.nanoTime();
            assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> assertThatThrownBy(() -> driver.connect(url, new Properties()))
                            .satisfies(hasSqlState("08006"))
                            .hasMessage("The Sluice gateway at http://127.0.0.1:" + silent.getLocalPort()
                                    + " did not answer openConnection within 300 ms (request_timeout_ms); the connection is"
                                    + " closed"));
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(300)).isLessThan(Duration.ofSeconds(5));
        }
    }
}
