package dev.sluice.gateway.resultcache;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

final class ResultCacheConfigTest {
    @Test
    void usesDocumentedDefaults() {
        ResultCacheConfig config = ResultCacheConfig.from(new Configuration(), List.of("lake"));

        assertThat(config).isEqualTo(new ResultCacheConfig(true, 64L << 20, 4L << 20, Duration.ofSeconds(5), Map.of()));
        assertThat(config.policyOf("lake")).isEqualTo(CatalogCachePolicy.DEFAULT);
        assertThat(config.policyOf("default_catalog")).isEqualTo(CatalogCachePolicy.DEFAULT);
    }

    @Test
    void readsEveryOptionAndEachCatalogsPolicy() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.result-cache.enabled", "false",
                "sluice.result-cache.max-bytes", "1mb",
                "sluice.result-cache.max-entry-bytes", "64kb",
                "sluice.result-cache.files.quiet-period", "2 s",
                "sluice.catalog.lake.result-cache.enabled", "false",
                "sluice.catalog.feeds.result-cache.ttl", "1 min",
                "sluice.catalog.feeds.result-cache.table-ttls", "sales.rates:30 s,sales.fx:0 s"));

        ResultCacheConfig config = ResultCacheConfig.from(configuration, List.of("lake", "feeds", "plain"));

        assertThat(config.enabled()).isFalse();
        assertThat(config.maxBytes()).isEqualTo(1L << 20);
        assertThat(config.maxEntryBytes()).isEqualTo(64L << 10);
        assertThat(config.filesQuietPeriod()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.policyOf("lake").enabled()).isFalse();
        CatalogCachePolicy feeds = config.policyOf("feeds");
        assertThat(feeds.ttlOf("sales", "rates")).contains(Duration.ofSeconds(30));
        assertThat(feeds.ttlOf("sales", "fx")).isEmpty();
        assertThat(feeds.ttlOf("sales", "orders")).contains(Duration.ofMinutes(1));
        assertThat(feeds.catalogTtl()).contains(Duration.ofMinutes(1));
        assertThat(config.policyOf("plain")).isEqualTo(CatalogCachePolicy.DEFAULT);
    }

    @Test
    void rejectsAnEntryBoundAboveTheWholeBound() {
        assertThatThrownBy(() -> new ResultCacheConfig(true, 1024, 2048, Duration.ZERO, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.result-cache.max-entry-bytes must be positive and at most"
                        + " sluice.result-cache.max-bytes (1024 bytes), was 2048 bytes");
    }

    @Test
    void rejectsANegativeQuietPeriod() {
        assertThatThrownBy(() -> new ResultCacheConfig(true, 1024, 1024, Duration.ofSeconds(-1), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sluice.result-cache.files.quiet-period must not be negative, was PT-1S");
    }

    @Test
    void reportsEveryBadCatalogKeyAtOnce() {
        Configuration configuration = Configuration.fromMap(Map.of(
                "sluice.catalog.lake.result-cache.tll", "1 min",
                "sluice.catalog.feeds.result-cache.ttl", "-1 s",
                "sluice.catalog.more.result-cache.table-ttls", "rates:30 s",
                "sluice.catalog.most.result-cache.table-ttls", "sales.rates:soon"));

        assertThatThrownBy(() -> ResultCacheConfig.from(configuration, List.of("lake", "feeds", "more", "most")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown option sluice.catalog.lake.result-cache.tll; the result cache's options"
                        + " of a catalog are sluice.catalog.lake.result-cache.enabled,"
                        + " sluice.catalog.lake.result-cache.ttl, sluice.catalog.lake.result-cache.table-ttls")
                .hasMessageContaining("'-1 s' for key 'sluice.catalog.feeds.result-cache.ttl'")
                .hasMessageContaining(
                        "sluice.catalog.more.result-cache.table-ttls names 'rates', which is not database.table")
                .hasMessageContaining("sluice.catalog.most.result-cache.table-ttls gives table sales.rates 'soon',"
                        + " which is not a duration such as '30 s' or '5 min'");
    }
}
