package dev.sluice.planner.catalog;

import com.github.benmanes.caffeine.cache.Ticker;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

final class MetadataCacheTest {
    private static TableEnvironment environment;

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicLong stateVersion = new AtomicLong();
    private final AtomicInteger computed = new AtomicInteger();
    private final Object sessionObject = new Object();
    private final Ticker ticker = nanos::get;
    private final MetadataCache cache = new MetadataCache(ticker);
    private final CatalogSession session =
            new CatalogSession(sessionObject, stateVersion::get, new CatalogSession.TableEnvironmentAccess() {
                @Override
                public <T> T withTableEnvironment(Function<TableEnvironment, T> action) {
                    return action.apply(environment);
                }
            });

    @BeforeAll
    static void createEnvironment() {
        environment = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    @Test
    void reusesAnAnswerWithinItsMaximumAgeAtTheSameStateVersion() {
        ask();
        nanos.addAndGet(MetadataCache.MAX_AGE.toNanos());
        ask();

        assertThat(computed).hasValue(1);
    }

    @Test
    void asksAgainOnceAnAnswerIsOlderThanItsMaximumAge() {
        // other connections change shared catalogs without moving this session's state version
        ask();
        nanos.addAndGet(MetadataCache.MAX_AGE.plus(Duration.ofNanos(1)).toNanos());
        ask();

        assertThat(computed).hasValue(2);
    }

    @Test
    void asksAgainAfterTheSessionsOwnStateChange() {
        ask();
        stateVersion.incrementAndGet();
        ask();

        assertThat(computed).hasValue(2);
    }

    private void ask() {
        cache.answer(session, "catalogs", catalog -> computed.incrementAndGet());
    }
}
