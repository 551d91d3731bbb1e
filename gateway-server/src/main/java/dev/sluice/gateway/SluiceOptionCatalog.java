package dev.sluice.gateway;

import dev.sluice.gateway.authorization.AuthorizationOptions;
import dev.sluice.gateway.avatica.FrameOptions;
import dev.sluice.gateway.cluster.EmbeddedClusterOptions;
import dev.sluice.gateway.config.LibraryOptions;
import dev.sluice.gateway.config.Namespaces;
import dev.sluice.gateway.config.ServerOptions;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.config.UserLimitOptions;
import dev.sluice.gateway.dataaccess.DataAccessOptions;
import dev.sluice.gateway.history.ClosedSessionHistoryOptions;
import dev.sluice.gateway.planning.PlanningOptions;
import dev.sluice.gateway.push.ResultOptions;
import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.gateway.security.AuthenticationOptions;
import dev.sluice.gateway.security.UserCodeOptions;
import dev.sluice.gateway.session.CatalogOptions;
import dev.sluice.gateway.tls.TlsOptions;
import dev.sluice.gateway.warmup.WarmUpOptions;
import dev.sluice.planner.cache.PlanCacheOptions;
import dev.sluice.retry.CollectStrategyOptions;
import dev.sluice.retry.ExponentialDelayOptions;
import dev.sluice.retry.FixedDelayOptions;
import dev.sluice.sessioncache.ClusterOptions;
import dev.sluice.sessioncache.SessionCacheOptions;
import dev.sluice.sessioncache.rest.RestConnectionOptions;
import org.apache.flink.configuration.ConfigOption;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Every option in Sluice's namespace, for validation at start and for the generated reference. */
public final class SluiceOptionCatalog {
    /** Keys under this prefix are Sluice's and not passed to Flink; all other keys are Flink's. */
    public static final String NAMESPACE = Namespaces.SLUICE;

    /**
     * Keys under these prefixes belong to Sluice and must be known. {@code collect-strategy.*} keys reach the
     * sessions' Flink configuration too, because a connection may set them, but Sluice alone reads them.
     */
    static final List<String> OWNED_PREFIXES = Namespaces.OWNED;

    private static final List<ConfigOption<?>> FIXED_OPTIONS = List.of(
            ServerOptions.HOST,
            ServerOptions.PORT,
            ServerOptions.RPC_THREADS,
            ServerOptions.RPC_QUEUE_SIZE,
            ServerOptions.MAX_REQUEST_SIZE,
            ServerOptions.IDLE_TIMEOUT,
            ServerOptions.MAX_CONNECTIONS,
            ServerOptions.REQUEST_TIMEOUT,
            ServerOptions.FIRST_REQUEST_TIMEOUT,
            ServerOptions.MAX_CONNECTIONS_PER_ADDRESS,
            WarmUpOptions.ENABLED,
            WarmUpOptions.TIMEOUT,
            WarmUpOptions.TABLES_PER_CATALOG,
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
            AuthenticationOptions.METHODS,
            AuthenticationOptions.PASSWORD_FILE,
            AuthenticationOptions.PASSWORD_REFRESH_INTERVAL,
            AuthenticationOptions.JWT_KEY_FILE,
            AuthenticationOptions.JWT_REFRESH_INTERVAL,
            AuthenticationOptions.JWT_ISSUER,
            AuthenticationOptions.JWT_AUDIENCE,
            AuthenticationOptions.JWT_USER_CLAIM,
            AuthenticationOptions.CERTIFICATE_USER_ATTRIBUTE,
            AuthenticationOptions.ALLOW_NONE_ON_ANY_ADDRESS,
            UserLimitOptions.MAX_SESSIONS,
            UserLimitOptions.MAX_RUNNING_STATEMENTS,
            UserCodeOptions.ALLOWED_LOCATIONS,
            DataAccessOptions.CONNECTORS,
            DataAccessOptions.CATALOG_TYPES,
            DataAccessOptions.READABLE_LOCATIONS,
            DataAccessOptions.WRITABLE_LOCATIONS,
            DataAccessOptions.PROTECTED_LOCATIONS,
            AuthorizationOptions.RULES_FILE,
            AuthorizationOptions.REFRESH_INTERVAL,
            AuthorizationOptions.ADMINS,
            SessionOptions.MAX_SESSIONS,
            SessionOptions.IDLE_TIMEOUT,
            SessionOptions.MAX_MATERIALIZED_ROWS,
            SessionOptions.MAX_MATERIALIZED_BYTES,
            SessionOptions.QUERY_TIMEOUT,
            PlanningOptions.MAX_PLANNING_TIME,
            SessionOptions.RESULT_MODE,
            SessionOptions.RESULT_IDLE_TIMEOUT,
            SessionOptions.MAX_STATEMENT_LENGTH,
            SessionOptions.HISTORY_MAX_SIZE,
            SessionOptions.HISTORY_MAX_STATEMENT_LENGTH,
            ClosedSessionHistoryOptions.RETENTION,
            ClosedSessionHistoryOptions.MAX_ENTRIES_PER_USER,
            ClosedSessionHistoryOptions.MAX_ENTRIES,
            SessionOptions.PIPELINED_BATCH,
            PlanCacheOptions.ENABLED,
            PlanCacheOptions.MAX_SIZE,
            PlanCacheOptions.LITERAL_TEMPLATES,
            ResultCacheOptions.ENABLED,
            ResultCacheOptions.MAX_BYTES,
            ResultCacheOptions.MAX_ENTRY_BYTES,
            ResultCacheOptions.FILES_QUIET_PERIOD,
            ResultOptions.TRANSPORT,
            ResultOptions.BIND_HOST,
            ResultOptions.PORT,
            ResultOptions.ADVERTISED_ADDRESS,
            ResultOptions.MAX_BUFFERED_BYTES,
            ResultOptions.HELLO_TIMEOUT,
            ResultOptions.LOST_CONNECTION_TIMEOUT,
            FrameOptions.TARGET_SIZE,
            FrameOptions.MAX_ROWS,
            EmbeddedClusterOptions.TASK_MANAGERS,
            EmbeddedClusterOptions.TASK_SLOTS,
            ClusterOptions.CLUSTERS,
            CatalogOptions.CATALOGS,
            LibraryOptions.DIRS,
            SessionCacheOptions.REUSE,
            SessionCacheOptions.IDLE_TIMEOUT,
            SessionCacheOptions.MAX_SIZE,
            SessionCacheOptions.POOLED_CONNECTIONS,
            RestConnectionOptions.MAX_CONNECTIONS_PER_ADDRESS,
            RestConnectionOptions.CONNECTION_IDLE_TIMEOUT,
            RestConnectionOptions.IO_THREADS,
            RestConnectionOptions.OBJECT_MAPPER,
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
     * Returns a message for {@code key} if it is in Sluice's namespaces and unknown, with the closest known key: one
     * with the same last part if there is one (a key indented under the wrong parent in YAML keeps it), else the one
     * fewest edits away.
     *
     * @param clusterNames the declared clusters, whose {@code sluice.cluster.<name>.*} keys are known
     */
    public static Optional<String> findUnknownKeyProblem(String key, List<String> clusterNames) {
        return findUnknownKeyProblem(key, clusterNames, List.of());
    }

    /**
     * As {@link #findUnknownKeyProblem(String, List)}; every {@code sluice.catalog.<name>.*} key of a declared catalog
     * is known, since its catalog type validates its options when the gateway opens it at start.
     *
     * @param catalogNames the declared shared catalogs
     */
    public static Optional<String> findUnknownKeyProblem(
            String key, List<String> clusterNames, List<String> catalogNames) {
        if (OWNED_PREFIXES.stream().noneMatch(key::startsWith)) {
            return Optional.empty();
        }
        if (key.startsWith(CatalogOptions.CATALOG_PREFIX)) {
            String rest = key.substring(CatalogOptions.CATALOG_PREFIX.length());
            int dot = rest.indexOf('.');
            String catalog = dot < 0 ? rest : rest.substring(0, dot);
            return catalogNames.contains(catalog) && dot > 0
                    ? Optional.empty()
                    : Optional.of("Unknown option " + key + ": catalog '" + catalog + "' is not listed in "
                            + CatalogOptions.CATALOGS.key() + " " + catalogNames);
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
        String lastPart = key.substring(key.lastIndexOf('.') + 1);
        String closest = known.stream()
                .min(Comparator.comparingInt((String candidate) -> candidate.endsWith("." + lastPart) ? 0 : 1)
                        .thenComparingInt(candidate -> editDistance(key, candidate)))
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
