package dev.sluice.gateway;

import dev.sluice.gateway.testing.TlsTestFiles;
import dev.sluice.testing.Eventually;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A start that fails leaves nothing behind, and a port in use stops it before the embedded cluster starts. */
final class GatewayStartIT {
    /**
     * Threads that the JDK, Netty and Flink start once per JVM and keep on purpose, whoever started them; every other
     * thread a failed start leaves is a leak.
     */
    private static final List<String> JVM_WIDE_THREADS = List.of(
            "FlinkCompletableFutureDelayScheduler",
            "globalEventExecutor",
            "process reaper",
            "ForkJoinPool",
            "Common-Cleaner",
            "Attach Listener",
            "ObjectCleanerThread",
            // the Prometheus client's one scheduler (a static executor), started when the first histogram is made
            "prometheus-metrics-scheduler");

    @Test
    void aPortInUseIsNamedWithItsOptionsAndNoClusterStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            long start = System.nanoTime();

            assertThatThrownBy(() -> SluiceGateway.start(config(Map.of("sluice.server.port", String.valueOf(port)))))
                    .isInstanceOf(GatewayStartException.class)
                    .hasMessageStartingWith(
                            "Cannot listen on 127.0.0.1:" + port + " (sluice.server.host, sluice.server.port): ")
                    .hasMessageNotContaining("\n");

            // an embedded cluster takes seconds to start and leaves its threads running for a while after a stop
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat(threadsStartedSince(before)).isEmpty();
        }
    }

    @Test
    void aResultPortInUseStopsTheStartBeforeAnyClusterStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            Set<String> threadsSeen = ConcurrentHashMap.newKeySet();
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            // an embedded cluster's start takes hundreds of milliseconds, with threads of its own all along
            sampler.scheduleAtFixedRate(
                    () -> Thread.getAllStackTraces().keySet().forEach(thread -> threadsSeen.add(thread.getName())),
                    0,
                    5,
                    TimeUnit.MILLISECONDS);

            assertThatThrownBy(() -> SluiceGateway.start(config(Map.of(
                            "sluice.server.port",
                            String.valueOf(freePort()),
                            "sluice.result.transport",
                            "PUSH",
                            "sluice.result.bind-host",
                            "127.0.0.1",
                            "sluice.result.port",
                            String.valueOf(port)))))
                    .isInstanceOf(GatewayStartException.class)
                    .hasMessageStartingWith("Cannot listen for query results on 127.0.0.1:" + port
                            + " (sluice.result.bind-host, sluice.result.port): ")
                    .hasMessageNotContaining("\n");
            sampler.shutdownNow();
            // the sampler's own thread must be gone before the check below, which would otherwise count it
            assertThat(sampler.awaitTermination(5, TimeUnit.SECONDS)).isTrue();

            assertThat(threadsSeen)
                    .as("threads seen during the start")
                    .noneMatch(name -> name.startsWith("mini-cluster") || name.startsWith("flink-"));
            assertThat(threadsStartedSince(before)).isEmpty();
        }
    }

    @Test
    void aResultPortInUseIsNamedWithItsOptionsAndLeavesNoThreadRunning() throws Exception {
        try (ServerSocket taken = new ServerSocket();
                CloseableStack components = new CloseableStack()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            Set<Thread> before = Thread.getAllStackTraces().keySet();

            assertThatThrownBy(() -> ResultTransportsStartup.start(
                            config(Map.of(
                                    "sluice.result.transport", "PUSH",
                                    "sluice.result.bind-host", "127.0.0.1",
                                    "sluice.result.port", String.valueOf(port))),
                            components))
                    .isInstanceOf(GatewayStartException.class)
                    .hasMessageStartingWith("Cannot listen for query results on 127.0.0.1:" + port
                            + " (sluice.result.bind-host, sluice.result.port): ")
                    .hasMessageNotContaining("\n");

            Eventually.within(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(threadsStartedSince(before)).isEmpty());
        }
    }

    @Test
    void aStartThatFailsAfterTheClusterStartedStopsEverythingItStarted(@TempDir Path directory) throws Exception {
        TlsTestFiles files = TlsTestFiles.create(directory);
        Map<String, String> options = new HashMap<>(files.serverOptions("JDK"));
        // checked when the HTTP endpoint starts, the last component: the embedded cluster is running by then
        options.put("sluice.security.ssl.cipher-suites", "TLS_NO_SUCH_SUITE");
        int port = freePort();
        options.put("sluice.server.port", String.valueOf(port));
        Set<Thread> before = Thread.getAllStackTraces().keySet();

        assertThatThrownBy(() -> SluiceGateway.start(config(options)))
                .hasStackTraceContaining("does not support the cipher suites [TLS_NO_SUCH_SUITE]");

        Eventually.within(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(threadsStartedSince(before)).isEmpty());
        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress("127.0.0.1", port)); // the gateway's port is free again
        }
    }

    private static GatewayConfig config(Map<String, String> overrides) {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.server.host", "127.0.0.1",
                "sluice.server.port", "0"));
        configuration.addAll(Configuration.fromMap(overrides));
        return GatewayConfig.from(configuration);
    }

    private static List<String> threadsStartedSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !before.contains(thread) && thread.isAlive())
                .map(Thread::getName)
                .filter(name -> JVM_WIDE_THREADS.stream().noneMatch(name::startsWith))
                .sorted()
                .collect(Collectors.toList());
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
