package dev.sluice.gateway.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** What a server that stopped, or failed to start, must have let go of: its port and its threads. */
public final class StoppedServers {
    private StoppedServers() {}

    /** Fails unless a new server can bind {@code port} on the loopback address now. */
    public static void assertPortFree(int port) throws IOException {
        try (ServerSocket next = new ServerSocket()) {
            next.setReuseAddress(true); // as Netty's: connections in TIME_WAIT do not hold the port
            next.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
    }

    /** Live threads whose name starts with {@code prefix}. */
    public static long threadsNamed(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.isAlive() && thread.getName().startsWith(prefix))
                .count();
    }

    /** Waits up to 5 s for the threads named {@code prefix} to be no more than {@code before}, then asserts it. */
    public static void awaitThreadsBackTo(String prefix, long before) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (threadsNamed(prefix) > before && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(threadsNamed(prefix)).as("threads named " + prefix + "*").isEqualTo(before);
    }
}
