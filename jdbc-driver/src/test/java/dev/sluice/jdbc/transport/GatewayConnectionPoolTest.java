package dev.sluice.jdbc.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The driver's connection pool against a raw TCP server that misbehaves on purpose: a request that reached the
 * server is never sent twice, and a request never waits behind requests the server holds.
 */
final class GatewayConnectionPoolTest {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void aRequestTheServerReceivedIsNotSentAgainWhenTheConnectionCloses() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        // answers the first request, then reads the second and closes without answering
        int port = serve(socket -> {
            InputStream in = socket.getInputStream();
            readRequest(in);
            requests.incrementAndGet();
            respond(socket);
            readRequest(in);
            requests.incrementAndGet();
            socket.close();
        });
        GatewayConnectionPool pool = pool(port, 1, Duration.ofSeconds(5));

        assertThat(pool.post(new byte[] {1}, null).status()).isEqualTo(200);
        assertThatThrownBy(() -> pool.post(new byte[] {2}, null))
                .isInstanceOf(ConnectionClosedException.class)
                .hasMessageContaining("may have run, so it was not sent again");
        Thread.sleep(200); // a resend would arrive on a new connection by now
        assertThat(requests).hasValue(2);
    }

    @Test
    void aRequestThatFindsEveryConnectionHeldOpensOneOfItsOwnInsteadOfWaitingBehindThem() throws Exception {
        CompletableFuture<Void> release = new CompletableFuture<>();
        AtomicInteger connections = new AtomicInteger();
        // the first connection's request is held, as the gateway holds an execute waiting for admission; any other
        // connection is answered at once
        int port = serve(socket -> {
            boolean first = connections.incrementAndGet() == 1;
            readRequest(socket.getInputStream());
            if (first) {
                release.get(30, TimeUnit.SECONDS);
            }
            respond(socket);
        });
        GatewayConnectionPool pool = pool(port, 1, Duration.ofMillis(50));
        CompletableFuture<GatewayResponse> held = CompletableFuture.supplyAsync(() -> {
            try {
                return pool.post(new byte[] {1}, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (connections.get() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(10); // until the first request holds the only shared connection
        }
        assertThat(connections).hasValue(1);

        long start = System.nanoTime();
        assertThat(pool.post(new byte[] {2}, null).status()).isEqualTo(200);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(connections).hasValue(2);
        assertThat(held).isNotDone();
        release.complete(null);
        assertThat(held.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
    }

    private GatewayConnectionPool pool(int port, int maxConnections, Duration acquireTimeout) {
        TransportConfig config = TransportConfig.plaintext().withPoolLimits(maxConnections, acquireTimeout);
        GatewayConnectionPool pool = new GatewayConnectionPool(group, "127.0.0.1", port, config, null);
        toClose.add(pool::close);
        return pool;
    }

    private interface Conversation {
        void run(Socket socket) throws Exception;
    }

    /** Serves each accepted connection with {@code conversation} on a thread of its own; returns the port. */
    private int serve(Conversation conversation) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        toClose.add(server);
        List<Socket> sockets = new CopyOnWriteArrayList<>();
        toClose.add(() -> {
            for (Socket socket : sockets) {
                socket.close();
            }
        });
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    sockets.add(socket);
                    Thread handler = new Thread(() -> {
                        try {
                            conversation.run(socket);
                        } catch (Exception e) {
                            // the test's assertions say what went wrong
                        }
                    });
                    handler.setDaemon(true);
                    handler.start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return server.getLocalPort();
    }

    /** Reads one request with a Content-Length body. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed");
            }
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        in.readNBytes(length);
    }

    private static void respond(Socket socket) throws IOException {
        socket.getOutputStream()
                .write(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 1\r\n\r\nx")
                        .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }
}
