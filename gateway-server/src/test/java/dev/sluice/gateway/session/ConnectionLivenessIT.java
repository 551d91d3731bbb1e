package dev.sluice.gateway.session;

import dev.sluice.gateway.SluiceGateway;
import dev.sluice.gateway.testing.GatewayExtension;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static dev.sluice.testing.SqlStates.hasSqlState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A connection knows when it is dead: {@code isValid(t)} asks the gateway and answers within {@code t} seconds, and a
 * connection whose session is gone (the gateway restarted or stopped) says {@code isClosed()} and fails every call
 * with SQLState 08003, never with an unchecked exception.
 */
final class ConnectionLivenessIT {
    @RegisterExtension
    static final GatewayExtension GATEWAYS = GatewayExtension.transportOnly();

    private final List<Socket> proxied = new CopyOnWriteArrayList<>();
    private volatile boolean frozen;

    @AfterEach
    void closeProxiedSockets() throws IOException {
        for (Socket socket : proxied) {
            socket.close();
        }
    }

    @Test
    void isValidIsTrueWhileTheGatewayHasTheSession() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            assertThat(connection.isValid(2)).isTrue();
            assertThat(connection.isClosed()).isFalse();
            assertThatThrownBy(() -> connection.isValid(-1)).satisfies(hasSqlState("22023"));
        }
    }

    @Test
    void connectsToTheFirstGatewayOfTheUrlThatAnswers() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        int down;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            down = closed.getLocalPort();
        }
        String url = "jdbc:sluice://127.0.0.1:" + down + ",127.0.0.1:"
                + gateway.address().getPort();
        try (Connection connection = DriverManager.getConnection(url)) {
            assertThat(connection.isValid(2)).isTrue();
            connection.createStatement().execute("SET 'table.local-time-zone' = 'UTC'");
            assertThat(connection.getMetaData().getURL()).isEqualTo(url);
        }
    }

    @Test
    void aConnectionToARestartedGatewayIsClosedAndFailsWith08003() throws Exception {
        SluiceGateway first = GATEWAYS.start(Map.of());
        int port = first.address().getPort();
        Connection connection = DriverManager.getConnection(first.jdbcUrl());
        first.close();
        SluiceGateway second = GATEWAYS.start(Map.of("sluice.server.port", String.valueOf(port)));
        assertThat(second.address().getPort()).isEqualTo(port);

        long started = System.nanoTime();
        assertThat(connection.isValid(2)).isFalse();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(connection.isClosed()).isTrue();
        assertThatThrownBy(connection::createStatement).isInstanceOfSatisfying(SQLException.class, e -> {
            assertThat(e.getSQLState()).isEqualTo("08003");
            assertThat(e.getMessage()).contains("no longer has its session");
        });
        connection.close(); // the session is gone already: closing succeeds
        assertThat(connection.isClosed()).isTrue();
    }

    @Test
    void aCallThatFindsTheSessionGoneClosesTheConnection() throws Exception {
        SluiceGateway first = GATEWAYS.start(Map.of());
        int port = first.address().getPort();
        try (Connection connection = DriverManager.getConnection(first.jdbcUrl())) {
            first.close();
            SluiceGateway second = GATEWAYS.start(Map.of("sluice.server.port", String.valueOf(port)));
            assertThat(second.address().getPort()).isEqualTo(port);

            assertThatThrownBy(() -> connection.createStatement().execute("SET 'a' = 'b'"))
                    .satisfies(hasSqlState("08003"));
            assertThat(connection.isClosed()).isTrue();
            assertThatThrownBy(() -> connection.getMetaData().getTables(null, null, "%", null))
                    .satisfies(hasSqlState("08003"));
        }
    }

    @Test
    void aConnectionToAStoppedGatewayIsClosed() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        Connection connection = DriverManager.getConnection(gateway.jdbcUrl());
        gateway.close();

        assertThat(connection.isValid(2)).isFalse();
        assertThat(connection.isClosed())
                .as("sessions live in the gateway's memory")
                .isTrue();
        connection.close();
    }

    @Test
    void isValidAnswersFalseWithinItsTimeoutWhenTheGatewayDoesNotAnswer() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (ServerSocket proxy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor =
                    new Thread(() -> forwardEach(proxy, gateway.address().getPort()), "liveness-proxy");
            acceptor.setDaemon(true);
            acceptor.start();
            try (Connection connection =
                    DriverManager.getConnection("jdbc:sluice://127.0.0.1:" + proxy.getLocalPort())) {
                assertThat(connection.isValid(2)).isTrue();
                frozen = true; // the gateway still runs, but nothing reaches it: a network that swallows packets

                long started = System.nanoTime();
                assertThat(connection.isValid(1)).isFalse();
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(900)).isLessThan(Duration.ofSeconds(3));
                assertThat(connection.isClosed())
                        .as("no answer says nothing of the session")
                        .isFalse();
                frozen = false;
                assertThat(connection.isValid(2))
                        .as("on a new connection to the gateway")
                        .isTrue();
            }
        }
    }

    @Test
    void aCallTheGatewayDoesNotAnswerFailsWithinTheRequestTimeoutAndClosesTheConnection() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (ServerSocket proxy = startProxy(gateway)) {
            String address = "127.0.0.1:" + proxy.getLocalPort();
            Connection connection =
                    DriverManager.getConnection("jdbc:sluice://" + address + ";request_timeout_ms=1000");
            connection.getMetaData().getTables(null, null, "%", null).close(); // answered while the proxy forwards
            frozen = true;

            long started = System.nanoTime();
            assertTimeoutPreemptively(
                    Duration.ofSeconds(30),
                    () -> assertThatThrownBy(() -> connection.getMetaData().getTables(null, null, "%", null))
                            .satisfies(hasSqlState("08006"))
                            .hasMessageContaining("The Sluice gateway at http://" + address + " did not answer")
                            .hasMessageContaining("within 1000 ms (request_timeout_ms); the connection is closed"));
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(900))
                    .isLessThan(Duration.ofSeconds(5));
            assertThat(connection.isClosed()).isTrue();

            started = System.nanoTime();
            assertThatThrownBy(connection::createStatement)
                    .satisfies(hasSqlState("08003"))
                    .hasMessageContaining("did not answer");
            connection.close(); // sends nothing to a gateway it gave up on
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
        }
    }

    @Test
    void theNetworkTimeoutBoundsAnExecuteTheGatewayDoesNotAnswer() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (ServerSocket proxy = startProxy(gateway);
                Connection connection =
                        DriverManager.getConnection("jdbc:sluice://127.0.0.1:" + proxy.getLocalPort())) {
            assertThat(connection.getNetworkTimeout()).isZero();
            connection.setNetworkTimeout(Runnable::run, 1000);
            assertThat(connection.getNetworkTimeout()).isEqualTo(1000);
            Statement statement = connection.createStatement();
            frozen = true;

            assertAbandonedAfter(
                    Duration.ofMillis(1000),
                    () -> statement.execute("SET 'a' = 'b'"),
                    "did not answer prepareAndExecute within 1000 ms (Connection.setNetworkTimeout); the connection"
                            + " is closed");
            assertThat(connection.isClosed()).isTrue();
            assertThatThrownBy(() -> connection.setNetworkTimeout(Runnable::run, 0))
                    .satisfies(hasSqlState("08003"));
        }
    }

    @Test
    void theQueryTimeoutAndFiveSecondsBoundAnExecuteTheGatewayDoesNotAnswer() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (ServerSocket proxy = startProxy(gateway);
                Connection connection =
                        DriverManager.getConnection("jdbc:sluice://127.0.0.1:" + proxy.getLocalPort())) {
            Statement statement = connection.createStatement();
            statement.setQueryTimeout(1);
            statement.execute("SET 'a' = 'b'"); // sends the timeout to the gateway while the proxy forwards
            frozen = true;

            assertAbandonedAfter(
                    Duration.ofMillis(6000),
                    () -> statement.execute("SET 'c' = 'd'"),
                    "did not answer prepareAndExecute within 6000 ms (the statement's setQueryTimeout of 1 s, plus"
                            + " 5 s); the connection is closed");
            assertThat(connection.isClosed()).isTrue();
        }
    }

    @Test
    void rejectsANegativeNetworkTimeout() throws Exception {
        SluiceGateway gateway = GATEWAYS.start(Map.of());
        try (Connection connection = DriverManager.getConnection(gateway.jdbcUrl())) {
            assertThatThrownBy(() -> connection.setNetworkTimeout(Runnable::run, -1))
                    .satisfies(hasSqlState("22023"))
                    .hasMessage("setNetworkTimeout needs 0 ms or more, was -1");
            assertThat(connection.isValid(2)).isTrue();
        }
    }

    /**
     * Asserts that {@code call}, sent to the frozen gateway, fails with 08006 and {@code message} once {@code bound} has
     * passed, and not much later.
     */
    private static void assertAbandonedAfter(Duration bound, ThrowingCallable call, String message) {
        long started = System.nanoTime();
        assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> assertThatThrownBy(call).satisfies(hasSqlState("08006")).hasMessageContaining(message));
        assertThat(Duration.ofNanos(System.nanoTime() - started))
                .isGreaterThanOrEqualTo(bound.minusMillis(100))
                .isLessThan(bound.plusSeconds(4));
    }

    /** A proxy in front of {@code gateway} that forwards while not {@link #frozen}. */
    private ServerSocket startProxy(SluiceGateway gateway) throws IOException {
        ServerSocket proxy = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> forwardEach(proxy, gateway.address().getPort()), "liveness-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
        return proxy;
    }

    /** Forwards every connection to the gateway, byte for byte, while not {@link #frozen}. */
    private void forwardEach(ServerSocket proxy, int gatewayPort) {
        while (!proxy.isClosed()) {
            try {
                Socket client = proxy.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), gatewayPort);
                proxied.add(client);
                proxied.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                return; // the proxy closed
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread pump = new Thread(
                () -> {
                    byte[] buffer = new byte[8192];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int read;
                        while ((read = in.read(buffer)) >= 0) {
                            if (!frozen) {
                                out.write(buffer, 0, read);
                                out.flush();
                            }
                        }
                    } catch (IOException e) {
                        // a socket closed: the connection ends
                    }
                },
                "liveness-pump");
        pump.setDaemon(true);
        pump.start();
    }
}
