package dev.sluice.gateway.http;

import dev.sluice.gateway.avatica.AvaticaRequestHandler;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.security.GatewayAuthenticator;
import dev.sluice.gateway.security.RequestUser;
import dev.sluice.gateway.testing.StoppedServers;
import dev.sluice.gateway.tls.TlsConfig;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.internal.ThreadExecutorMap;
import org.apache.calcite.avatica.Meta;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Closing the HTTP endpoint ends every connection it accepted and frees its port before it returns, and an address
 * it cannot bind fails the start and leaves nothing running: a gateway started next on the same port must be the
 * one that answers.
 */
final class HttpServerCloseIT {
    @Test
    void closeEndsAConnectionWhoseIoThreadWasBusyWhenTheShutdownBegan() throws Exception {
        // the liveness probe runs on the connection's I/O thread; it queues a task there that keeps the thread busy
        // until its loop is told to shut down (or 3 s passed), as writing a response an RPC thread handed over would:
        // Netty 4.2's loop then ended without closing its connections
        CountDownLatch busy = new CountDownLatch(1);
        Supplier<Probe> busyProbe = () -> {
            EventExecutor loop = ThreadExecutorMap.currentExecutor();
            loop.execute(() -> {
                busy.countDown();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                while (!loop.isShuttingDown() && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
            });
            return new Probe(true, "ALIVE");
        };
        SluiceHttpServer server = start(0, busyProbe);
        try (Socket client = new Socket(
                InetAddress.getLoopbackAddress(), server.localAddress().getPort())) {
            client.getOutputStream()
                    .write("GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();

            CompletableFuture<Void> closed = CompletableFuture.runAsync(server::close);
            closed.get(30, TimeUnit.SECONDS);

            client.setSoTimeout(10_000);
            String received = readUntilEnd(client.getInputStream());
            assertThat(received).startsWith("HTTP/1.1 200").contains("ALIVE");
        }
    }

    @Test
    void closeFreesThePortBeforeItReturns() throws Exception {
        for (int i = 0; i < 20; i++) {
            SluiceHttpServer server = start(0, () -> new Probe(true, "ALIVE"));
            int port = server.localAddress().getPort();
            try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
                client.getOutputStream()
                        .write("GET /health HTTP/1.1\r\nHost: gateway\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                client.getInputStream().read();
                server.close();
            }
            StoppedServers.assertPortFree(port);
        }
    }

    @Test
    void anAddressInUseFailsTheStartAndLeavesNoThreadRunning() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long acceptThreadsBefore = StoppedServers.threadsNamed("sluice-accept");

            assertThatThrownBy(() -> start(taken.getLocalPort(), () -> new Probe(true, "ALIVE")))
                    .isInstanceOf(java.net.BindException.class);

            StoppedServers.awaitThreadsBackTo("sluice-accept", acceptThreadsBefore);
        }
    }

    /** Reads until the server ends the connection; fails if it does not within the socket's timeout. */
    private static String readUntilEnd(InputStream in) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        try {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, read);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError(
                    "The closed server left the connection open; received: "
                            + received.toString(StandardCharsets.US_ASCII),
                    e);
        }
        return received.toString(StandardCharsets.US_ASCII);
    }

    private static SluiceHttpServer start(int port, Supplier<Probe> liveness) throws Exception {
        Meta unused = (Meta) Proxy.newProxyInstance(
                Meta.class.getClassLoader(), new Class<?>[] {Meta.class}, (proxy, method, arguments) -> {
                    throw new UnsupportedOperationException(method.getName());
                });
        ServerConfig config = ServerConfig.from(Configuration.fromMap(
                Map.of("sluice.server.host", "127.0.0.1", "sluice.server.port", String.valueOf(port))));
        return SluiceHttpServer.start(
                config,
                TlsConfig.disabled(),
                new AvaticaRequestHandler(unused, new RequestUser()),
                GatewayAuthenticator.none(),
                NoSessionControl.INSTANCE,
                new OperationsEndpoints(() -> new byte[0], liveness, () -> new Probe(true, "READY"), WebPages.NONE),
                new ConnectionStats());
    }
}
