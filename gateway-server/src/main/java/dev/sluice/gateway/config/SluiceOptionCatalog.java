package dev.sluice.gateway.config;

import dev.sluice.planner.cache.PlanCacheOptions;
import dev.sluice.retry.CollectStrategyOptions;
import dev.sluice.retry.ExponentialDelayOptions;
import dev.sluice.retry.FixedDelayOptions;
import dev.sluice.session.ClusterOptions;
import dev.sluice.session.SessionCacheOptions;
import org.apache.flink.configuration.ConfigOption;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Every option in Sluice's namespace, for validation at start and for the generated reference. */
public final class SluiceOptionCatalog {
    /** Keys under this prefix belong to Sluice and must be known; all other keys are Flink's. */
    public static final String NAMESPACE = "sluice.";

    private static final List<ConfigOption<?>> FIXED_OPTIONS = List.of(
            ServerOptions.HOST,
            ServerOptions.PORT,
            ServerOptions.RPC_THREADS,
            ServerOptions.RPC_QUEUE_SIZE,
            ServerOptions.MAX_REQUEST_SIZE,
            ServerOptions.IDLE_TIMEOUT,
            ServerOptions.MAX_CONNECTIONS,
            ServerOptions.REQUEST_TIMEOUT,
            TlsOptions.ENABLED,
            TlsOptions.PROVIDER,
            TlsOptions.PROTOCOLS,
            TlsOptions.CIPHER_SUITES,
            TlsOptions.CERTIFICATE,
            TlsOptions.PRIVATE_KEY,
            TlsOptions.PRIVATE_KEY_PASSWORD,
            TlsOptions.KEYSTORE,
            TlsOptions.KEYSTORE_PASSWORD,
            TlsOptions.CLIENT_AUTH,
            TlsOptions.TRUSTED_CERTIFICATES,
            TlsOptions.TRUSTSTORE,
            TlsOptions.TRUSTSTORE_PASSWORD,
            TlsOptions.RELOAD_INTERVAL,
            SessionOptions.MAX_SESSIONS,
            SessionOptions.IDLE_TIMEOUT,
            SessionOptions.MAX_MATERIALIZED_ROWS,
            SessionOptions.QUERY_TIMEOUT,
            SessionOptions.RESULT_IDLE_TIMEOUT,
            SessionOptions.MAX_STATEMENT_LENGTH,
            SessionOptions.HISTORY_MAX_SIZE,
            SessionOptions.HISTORY_MAX_STATEMENT_LENGTH,
            PlanCacheOptions.ENABLED,
            PlanCacheOptions.MAX_SIZE,
            ResultOptions.TRANSPORT,
            ResultOptions.BIND_HOST,
            ResultOptions.PORT,
            ResultOptions.ADVERTISED_ADDRESS,
            ResultOptions.MAX_BUFFERED_BYTES,
            ResultOptions.HELLO_TIMEOUT,
            ResultOptions.LOST_CONNECTION_TIMEOUT,
            EmbeddedClusterOptions.TASK_MANAGERS,
            EmbeddedClusterOptions.TASK_SLOTS,
            ClusterOptions.CLUSTERS,
            SessionCacheOptions.REUSE,
            SessionCacheOptions.IDLE_TIMEOUT,
            SessionCacheOptions.MAX_SIZE,
            SessionCacheOptions.POOLED_CONNECTIONS,
            SessionCacheOptions.MAX_CONNECTIONS_PER_ADDRESS,
            SessionCacheOptions.CONNECTION_IDLE_TIMEOUT,
            SessionCacheOptions.IO_THREADS,
            SessionCacheOptions.OBJECT_MAPPER,
            CollectStrategyOptions.TYPE,
            FixedDelayOptions.DELAY,
            FixedDelayOptions.ATTEMPTS,
            ExponentialDelayOptions.INITIAL_BACKOFF,
            ExponentialDelayOptions.MAX_BACKOFF,
            ExponentialDelayOptions.BACKOFF_MULTIPLIER,
            ExponentialDelayOptions.ATTEMPTS);

    private SluiceOptionCatalog() {}

    /** Options with a fixed key; per-cluster options are generated from cluster names. */
    public static List<ConfigOption<?>> fixedOptions() {
        return FIXED_OPTIONS;
    }

    /**
     * Returns a message for {@code key} if it is in Sluice's namespace and unknown, with the closest known key.
     *
     * @param clusterNames the declared clusters, whose {@code sluice.cluster.<name>.*} keys are known
     */
    public static Optional<String> findUnknownKeyProblem(String key, List<String> clusterNames) {
        if (!key.startsWith(NAMESPACE)) {
            return Optional.empty();
        }
        List<String> known = new ArrayList<>();
        FIXED_OPTIONS.forEach(option -> known.add(option.key()));
        for (String cluster : clusterNames) {
            for (String suffix : ClusterOptions.PER_CLUSTER_SUFFIXES) {
                known.add(ClusterOptions.CLUSTER_PREFIX + cluster + "." + suffix);
            }
        }
        if (known.contains(key)) {
            return Optional.empty();
        }
        if (key.startsWith(ClusterOptions.CLUSTER_PREFIX)) {
            String rest = key.substring(ClusterOptions.CLUSTER_PREFIX.length());
            int dot = rest.indexOf('.');
            String cluster = dot < 0 ? rest : rest.substring(0, dot);
            if (!clusterNames.contains(cluster)) {
                return Optional.of("Unknown option " + key + ": cluster '" + cluster + "' is not listed in "
                        + ClusterOptions.CLUSTERS.key() + " " + clusterNames);
            }
        }
        String closest = known.stream()
                .min(Comparator.comparingInt(candidate -> editDistance(key, candidate)))
                .orElseThrow();
        return Optional.of("Unknown option " + key + "; did you mean " + closest + "?");
    }

    /** Levenshtein distance, case-insensitive; keys are short, so the quadratic table is fine. */
    static int editDistance(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int substitution = previous[j - 1] + (x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }
}
