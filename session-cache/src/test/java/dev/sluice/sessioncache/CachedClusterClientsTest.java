package dev.sluice.sessioncache;

import com.github.benmanes.caffeine.cache.Scheduler;
import org.apache.flink.client.deployment.StandaloneClusterId;
import org.apache.flink.client.program.ClusterClient;
import org.apache.flink.client.program.ClusterClientProvider;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** The shared client cache on a fake ticker; creating a REST cluster client contacts no cluster. */
final class CachedClusterClientsTest {
    private static final ClusterEndpoint FIRST =
            new ClusterEndpoint("first", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 1));
    private static final ClusterEndpoint SECOND =
            new ClusterEndpoint("second", ClusterKind.REMOTE, new HostAndPort("127.0.0.1", 2));

    private final AtomicLong nanos = new AtomicLong();
    private final ClusterClientStats stats = new ClusterClientStats();
    private final CachedClusterClients clients = new CachedClusterClients(
            new SessionCacheConfig(true, Duration.ofMinutes(30), 8),
            new Configuration(),
            stats,
            nanos::get,
            Runnable::run,
            Scheduler.disabledScheduler());

    @AfterEach
    void closeClients() {
        clients.close();
    }

    @Test
    void sharesOneClientAndLeaderRetrieverPerClusterAcrossCallers() {
        ClusterClientProvider<StandaloneClusterId> provider = clients.provider(FIRST);
        for (int call = 0; call < 5; call++) {
            // every caller closes what it got, as Flink's job client does
            try (ClusterClient<StandaloneClusterId> client = provider.getClusterClient()) {
                assertThat(client.getWebInterfaceURL()).isEqualTo("http://127.0.0.1:1");
            }
        }
        clients.provider(SECOND).getClusterClient().close();

        assertThat(stats.descriptorsCreated("first")).isEqualTo(1);
        assertThat(stats.clientsCreated("first")).isEqualTo(1);
        assertThat(stats.leaderRetrieversCreated("first")).isEqualTo(1);
        assertThat(stats.clientsClosed("first")).isZero();
        assertThat(stats.clientsCreated("second")).isEqualTo(1);
    }

    @Test
    void closesAClientIdleLongerThanTheTimeoutAndOpensANewOneOnNextUse() {
        clients.provider(FIRST).getClusterClient().close();
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(29));
        clients.provider(FIRST).getClusterClient().close(); // used again: the idle time starts over
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(29));
        clients.cleanUp();
        assertThat(stats.clientsClosed("first")).isZero();

        nanos.addAndGet(TimeUnit.MINUTES.toNanos(2));
        clients.cleanUp();
        assertThat(stats.clientsClosed("first")).isEqualTo(1);

        clients.provider(FIRST).getClusterClient().close();
        assertThat(stats.clientsCreated("first")).isEqualTo(2);
    }

    @Test
    void closingTheCacheClosesEveryClient() {
        clients.provider(FIRST).getClusterClient().close();
        clients.provider(SECOND).getClusterClient().close();

        clients.close();

        assertThat(stats.clientsClosed("first")).isEqualTo(1);
        assertThat(stats.clientsClosed("second")).isEqualTo(1);
    }
}
