package dev.sluice.sessioncache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.messages.ConfigurationInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

final class ExecutionGraphCacheTtlTest {
    private final AtomicInteger requests = new AtomicInteger();

    @Test
    void aClusterThatSetsNeitherOptionCachesForFlinksDefaultOfThreeSeconds() {
        assertThat(ExecutionGraphCacheTtl.of(configuration(Map.of()))).isEqualTo(Duration.ofSeconds(3));
        assertThat(ExecutionGraphCacheTtl.FLINK_DEFAULT).isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void theWebRefreshIntervalIsTheCachesLifetime() {
        assertThat(ExecutionGraphCacheTtl.of(configuration(Map.of("web.refresh-interval", "10 s"))))
                .isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void theExecutionGraphCacheExpiryWinsOverTheRefreshInterval() {
        assertThat(ExecutionGraphCacheTtl.of(configuration(
                        Map.of("web.refresh-interval", "10 s", "rest.cache.execution-graph.timeout", "1500 ms"))))
                .isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void theClusterIsAskedOnceHoweverOftenTheLifetimeIsNeeded() throws Exception {
        ExecutionGraphCacheTtl ttl = new ExecutionGraphCacheTtl("c", () -> {
            requests.incrementAndGet();
            return CompletableFuture.completedFuture(configuration(Map.of("web.refresh-interval", "7 s")));
        });

        assertThat(ttl.ttl().get()).isEqualTo(Duration.ofSeconds(7));
        assertThat(ttl.ttl().get()).isEqualTo(Duration.ofSeconds(7));
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void aClusterThatDoesNotAnswerGetsFlinksDefaultAndIsAskedAgainNextTime() throws Exception {
        ExecutionGraphCacheTtl ttl = new ExecutionGraphCacheTtl(
                "c",
                () -> requests.incrementAndGet() == 1
                        ? CompletableFuture.failedFuture(new IllegalStateException("connection refused"))
                        : CompletableFuture.completedFuture(configuration(Map.of("web.refresh-interval", "7 s"))));

        assertThat(ttl.ttl().get()).isEqualTo(ExecutionGraphCacheTtl.FLINK_DEFAULT);
        assertThat(ttl.ttl().get()).isEqualTo(Duration.ofSeconds(7));
        assertThat(ttl.ttl().get()).isEqualTo(Duration.ofSeconds(7));
        assertThat(requests.get()).isEqualTo(2);
    }

    @Test
    void aRequestThatThrowsIsAFailureToAnswer() throws Exception {
        ExecutionGraphCacheTtl ttl = new ExecutionGraphCacheTtl("c", () -> {
            throw new IllegalStateException("client closed");
        });

        assertThat(ttl.ttl().get()).isEqualTo(ExecutionGraphCacheTtl.FLINK_DEFAULT);
    }

    /** The JobManager configuration a cluster started with {@code values} answers. */
    private static ConfigurationInfo configuration(Map<String, String> values) {
        return ConfigurationInfo.from(Configuration.fromMap(values));
    }
}
