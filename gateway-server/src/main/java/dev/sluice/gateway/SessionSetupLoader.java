package dev.sluice.gateway;

import dev.sluice.gateway.config.LibraryOptions;
import dev.sluice.gateway.session.SessionSetup;
import dev.sluice.gateway.session.SharedCatalogs;
import dev.sluice.jobs.JobJars;
import dev.sluice.sessioncache.ClusterOptions;
import dev.sluice.sessioncache.SessionClusters;
import org.apache.flink.configuration.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** What every session gets from the configuration, prepared once at start: lib jars, shared catalogs. */
final class SessionSetupLoader {
    private static final Logger LOG = LoggerFactory.getLogger(SessionSetupLoader.class);

    private SessionSetupLoader() {}

    /**
     * The lib folders' jars in a class loader for the sessions' planners, the jars that jobs carry to clusters that
     * lack them, and the shared catalogs, each opened once so that a bad declaration stops the start.
     */
    static SessionSetup load(
            GatewayConfig config, SessionClusters clusters, Configuration flinkOptions, CloseableStack components)
            throws GatewayStartException {
        List<Path> jars = config.library().jars();
        ClassLoader classLoader = SessionSetupLoader.class.getClassLoader();
        if (!jars.isEmpty()) {
            URL[] urls = jars.stream().map(SessionSetupLoader::toUrl).toArray(URL[]::new);
            classLoader = components.push("lib class loader", new URLClassLoader("sluice-lib", urls, classLoader));
            LOG.info("Connector and format jars from {}: {}", LibraryOptions.DIRS.key(), jars);
        }
        Set<String> clustersWithJars = clusters.names().stream()
                .filter(name -> config.flinkConfiguration().get(ClusterOptions.libOnCluster(name)))
                .collect(Collectors.toSet());
        SharedCatalogs catalogs = new SharedCatalogs(config.catalogs());
        try {
            catalogs.check(flinkOptions, classLoader);
        } catch (IllegalArgumentException e) {
            throw new GatewayStartException(e.getMessage(), e);
        }
        if (!catalogs.names().isEmpty()) {
            LOG.info("Catalogs shared by every session: {}", catalogs.names());
        }
        return new SessionSetup(catalogs, classLoader, JobJars.of(jars), clustersWithJars);
    }

    private static URL toUrl(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("Cannot load " + jar, e);
        }
    }
}
