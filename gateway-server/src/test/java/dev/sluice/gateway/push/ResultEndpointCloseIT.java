package dev.sluice.gateway.push;

import dev.sluice.gateway.testing.StoppedServers;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Closing the result endpoint ends every sink connection it accepted and frees its port before it returns, so a sink
 * sees its connection end and fails its task; an address it cannot bind fails the start and leaves nothing running.
 */
final class ResultEndpointCloseIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    // how soon after close() returns a sink must see its connection end
    private static final Duration END_SEEN_WITHIN = Duration.ofSeconds(2);

    @Test
    void closeEndsASinkConnectionWhoseIoThreadWasBusyWhenTheShutdownBegan() throws Exception {
        ResultEndpointServer endpoint = start(0);
        try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                FakeSink sink = new FakeSink(endpoint.localAddress())) {
            sink.hello(result.ticket(), 0).rows(1);
            assertThat(result.next(10, WAIT)).containsExactly(1L);

            // the loops that read sinks run a task that keeps them busy until they are told to shut down (or 3 s
            // passed), as copying a frame would: Netty 4.2's loop then ended without closing its connections. The
            // listening channel's loop is left free so that the port can close; a fresh group hands its next loop to
            // the first connection, so the sink is on a busy one
            EventLoopGroup group = field(endpoint, "group", EventLoopGroup.class);
            EventLoop listening =
                    field(endpoint, "serverChannel", Channel.class).eventLoop();
            int readers = 0;
            for (EventExecutor loop : group) {
                if (loop != listening) {
                    readers++;
                }
            }
            assertThat(readers).as("loops other than the listening one").isPositive();
            CountDownLatch busy = new CountDownLatch(readers);
            for (EventExecutor loop : group) {
                if (loop != listening) {
                    loop.execute(() -> {
                        busy.countDown();
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                        while (!loop.isShuttingDown() && System.nanoTime() < deadline) {
                            Thread.onSpinWait();
                        }
                    });
                }
            }
            assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();

            CompletableFuture.runAsync(endpoint::close).get(30, TimeUnit.SECONDS);

            assertThat(sink.isClosedByEndpoint(END_SEEN_WITHIN))
                    .as("the sink's connection ended after close() returned")
                    .isTrue();
        }
    }

    @Test
    void closeEndsEverySinkConnectionAndFreesThePortBeforeItReturns() throws Exception {
        for (int i = 0; i < 20; i++) {
            ResultEndpointServer endpoint = start(0);
            int port = endpoint.localAddress().getPort();
            try (PushedResult<Long> result = endpoint.results().register(LongSerializer.INSTANCE);
                    FakeSink sink = new FakeSink(endpoint.localAddress())) {
                sink.hello(result.ticket(), 0).rows(1);
                assertThat(result.next(10, WAIT)).containsExactly(1L);

                endpoint.close();

                assertThat(sink.isClosedByEndpoint(END_SEEN_WITHIN))
                        .as("the sink's connection ended after close() returned")
                        .isTrue();
            }
            StoppedServers.assertPortFree(port);
        }
    }

    @Test
    void anAddressInUseFailsTheStartAndLeavesNoThreadRunning() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long resultThreadsBefore = StoppedServers.threadsNamed("sluice-result");

            assertThatThrownBy(() -> start(taken.getLocalPort())).isInstanceOf(BindException.class);

            StoppedServers.awaitThreadsBackTo("sluice-result", resultThreadsBefore);
        }
    }

    /** The endpoint's own threads and channel, which a sink cannot reach: only to hold a loop busy. */
    private static <T> T field(ResultEndpointServer endpoint, String name, Class<T> type) throws Exception {
        Field field = ResultEndpointServer.class.getDeclaredField(name);
        field.setAccessible(true);
        return type.cast(field.get(endpoint));
    }

    private static ResultEndpointServer start(int port) throws Exception {
        return ResultEndpointServer.start(
                new ResultConfig(
                        ResultTransport.PUSH,
                        "127.0.0.1",
                        port,
                        "127.0.0.1",
                        64 * 1024,
                        Duration.ofMillis(300),
                        Duration.ofSeconds(30)),
                null,
                null);
    }
}
