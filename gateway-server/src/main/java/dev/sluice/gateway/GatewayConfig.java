package dev.sluice.gateway;

import dev.sluice.gateway.authorization.AuthorizationConfig;
import dev.sluice.gateway.avatica.FrameConfig;
import dev.sluice.gateway.cluster.EmbeddedClusterConfig;
import dev.sluice.gateway.config.InvalidConfigurationException;
import dev.sluice.gateway.config.LibraryConfig;
import dev.sluice.gateway.config.OptionValueCheck;
import dev.sluice.gateway.config.ServerConfig;
import dev.sluice.gateway.config.SessionConfig;
import dev.sluice.gateway.config.UserLimitsConfig;
import dev.sluice.gateway.dataaccess.DataAccessConfig;
import dev.sluice.gateway.history.ClosedSessionHistoryConfig;
import dev.sluice.gateway.planning.PlanningConfig;
import dev.sluice.gateway.push.ResultConfig;
import dev.sluice.gateway.resultcache.ResultCacheConfig;
import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.gateway.security.AuthenticationConfig;
import dev.sluice.gateway.security.UserCodeConfig;
import dev.sluice.gateway.session.CatalogDeclaration;
import dev.sluice.gateway.session.CatalogOptions;
import dev.sluice.gateway.tls.TlsConfig;
import dev.sluice.gateway.warmup.WarmUpConfig;
import dev.sluice.planner.cache.PlanCacheConfig;
import dev.sluice.retry.CollectStrategy;
import dev.sluice.sessioncache.ClusterDefinition;
import dev.sluice.sessioncache.ClusterOptions;
import dev.sluice.sessioncache.SessionCacheConfig;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static java.util.Objects.requireNonNull;

/**
 * The whole validated configuration of a gateway.
 *
 * @param flinkConfiguration every key as loaded; the keys outside {@code sluice.} are Flink options passed to the
 *     embedded cluster and to every session's TableEnvironment
 * @param dataAccess what sessions' statements may declare, read and write
 * @param authorization who may do what with the shared catalogs' tables, and who is an admin
 * @param userLimits what one authenticated user may hold at once
 * @param warmUp the warm-up before the gateway says it is ready
 * @param closedSessionHistory what the gateway keeps of closed sessions' statements, and how long
 * @param planning the bound on a statement's planning time
 */
public record GatewayConfig(
        Configuration flinkConfiguration,
        ServerConfig server,
        TlsConfig tls,
        SessionConfig session,
        PlanCacheConfig planCache,
        ResultCacheConfig resultCache,
        EmbeddedClusterConfig embeddedCluster,
        SessionCacheConfig sessionCache,
        ResultConfig result,
        FrameConfig frames,
        List<ClusterDefinition> clusters,
        List<CatalogDeclaration> catalogs,
        LibraryConfig library,
        AuthenticationConfig authentication,
        UserCodeConfig userCode,
        DataAccessConfig dataAccess,
        AuthorizationConfig authorization,
        UserLimitsConfig userLimits,
        WarmUpConfig warmUp,
        ClosedSessionHistoryConfig closedSessionHistory,
        PlanningConfig planning) {
    public GatewayConfig {
        requireNonNull(flinkConfiguration, "flinkConfiguration is null");
        requireNonNull(server, "server is null");
        requireNonNull(tls, "tls is null");
        requireNonNull(session, "session is null");
        requireNonNull(planCache, "planCache is null");
        requireNonNull(resultCache, "resultCache is null");
        requireNonNull(embeddedCluster, "embeddedCluster is null");
        requireNonNull(sessionCache, "sessionCache is null");
        requireNonNull(result, "result is null");
        requireNonNull(frames, "frames is null");
        clusters = List.copyOf(clusters);
        catalogs = List.copyOf(catalogs);
        requireNonNull(library, "library is null");
        requireNonNull(authentication, "authentication is null");
        requireNonNull(userCode, "userCode is null");
        requireNonNull(dataAccess, "dataAccess is null");
        requireNonNull(authorization, "authorization is null");
        requireNonNull(userLimits, "userLimits is null");
        requireNonNull(warmUp, "warmUp is null");
        requireNonNull(closedSessionHistory, "closedSessionHistory is null");
        requireNonNull(planning, "planning is null");
    }

    /** The Flink options: every key outside Sluice's namespace. */
    public Configuration flinkOptions() {
        Configuration flink = new Configuration();
        flinkConfiguration.toMap().forEach((key, value) -> {
            if (!key.startsWith(SluiceOptionCatalog.NAMESPACE)) {
                flink.setString(key, value);
            }
        });
        return flink;
    }

    /**
     * Validates {@code configuration} and reports every problem at once.
     *
     * @throws InvalidConfigurationException naming each offending key, its value and what is allowed
     */
    public static GatewayConfig from(Configuration configuration) {
        List<String> problems = new ArrayList<>();
        List<ClusterDefinition> clusters = collect(problems, () -> ClusterDefinition.allFrom(configuration));
        // with an invalid cluster declaration, keys are still checked against the names declared
        List<String> clusterNames = clusters == null
                ? configuration.get(ClusterOptions.CLUSTERS)
                : clusters.stream().map(ClusterDefinition::name).toList();
        List<CatalogDeclaration> catalogs = collect(problems, () -> CatalogDeclaration.allFrom(configuration));
        List<String> catalogNames = configuration.get(CatalogOptions.CATALOGS);
        for (String key : configuration.keySet()) {
            SluiceOptionCatalog.findUnknownKeyProblem(key, clusterNames, catalogNames)
                    .ifPresent(problems::add);
        }
        List<ConfigOption<?>> known = new ArrayList<>(SluiceOptionCatalog.fixedOptions());
        clusterNames.forEach(name -> known.addAll(ClusterOptions.perCluster(name)));
        catalogNames.forEach(name -> known.addAll(ResultCacheOptions.perCatalog(name)));
        List<String> valueProblems = OptionValueCheck.problems(configuration, known);
        problems.addAll(valueProblems);
        ServerConfig server = collect(problems, () -> ServerConfig.from(configuration));
        TlsConfig tls = collect(problems, () -> TlsConfig.from(configuration));
        SessionConfig session = collect(problems, () -> SessionConfig.from(configuration));
        PlanCacheConfig planCache = collect(problems, () -> PlanCacheConfig.from(configuration));
        ResultCacheConfig resultCache = collect(problems, () -> ResultCacheConfig.from(configuration, catalogNames));
        EmbeddedClusterConfig embedded = collect(problems, () -> EmbeddedClusterConfig.from(configuration));
        SessionCacheConfig sessionCache = collect(problems, () -> SessionCacheConfig.from(configuration));
        ResultConfig result = collect(problems, () -> ResultConfig.from(configuration));
        FrameConfig frames = collect(problems, () -> FrameConfig.from(configuration));
        collect(problems, () -> CollectStrategy.from(configuration));
        LibraryConfig library = collect(problems, () -> LibraryConfig.from(configuration));
        AuthenticationConfig authentication = collect(problems, () -> AuthenticationConfig.from(configuration));
        UserCodeConfig userCode = collect(problems, () -> UserCodeConfig.from(configuration));
        DataAccessConfig dataAccess =
                collect(problems, () -> DataAccessConfig.from(configuration, gatewayFiles(tls, authentication)));
        AuthorizationConfig authorization = collect(problems, () -> AuthorizationConfig.from(configuration));
        UserLimitsConfig userLimits = collect(problems, () -> UserLimitsConfig.from(configuration));
        WarmUpConfig warmUp = collect(problems, () -> WarmUpConfig.from(configuration));
        ClosedSessionHistoryConfig closedSessionHistory =
                collect(problems, () -> ClosedSessionHistoryConfig.from(configuration));
        PlanningConfig planning = collect(problems, () -> PlanningConfig.from(configuration));
        // reading the configs repeats a value problem in Flink's words, which do not say what is allowed
        problems.removeIf(problem -> problem.startsWith("Could not parse value ")
                && valueProblems.stream()
                        .anyMatch(valueProblem -> problem.contains(
                                "for key '" + valueProblem.substring(0, valueProblem.indexOf(' ')) + "'")));
        if (!problems.isEmpty()) {
            throw new InvalidConfigurationException(problems);
        }
        return new GatewayConfig(
                configuration,
                server,
                tls,
                session,
                planCache,
                resultCache,
                embedded,
                sessionCache,
                result,
                frames,
                clusters,
                catalogs,
                library,
                authentication,
                userCode,
                dataAccess,
                authorization,
                userLimits,
                warmUp,
                closedSessionHistory,
                planning);
    }

    /** The files of the gateway's own that its configuration names: no statement may reach them. */
    private static List<Path> gatewayFiles(@Nullable TlsConfig tls, @Nullable AuthenticationConfig authentication) {
        List<Path> files = new ArrayList<>();
        if (tls != null) {
            files.addAll(tls.watchedFiles());
        }
        if (authentication != null) {
            if (authentication.passwordFile() != null) {
                files.add(authentication.passwordFile());
            }
            if (authentication.jwt() != null) {
                files.add(authentication.jwt().keyFile());
            }
        }
        return files;
    }

    private static <T> T collect(List<String> problems, Supplier<T> reader) {
        try {
            return reader.get();
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return null;
        }
    }
}
