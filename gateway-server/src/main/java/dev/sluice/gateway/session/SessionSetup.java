package dev.sluice.gateway.session;

import dev.sluice.jobs.JobJars;
import dev.sluice.sessioncache.ClusterEndpoint;

import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * What the gateway's configuration adds to every session: the shared catalogs, the class loader through which its
 * planner finds the connectors and formats of {@code sluice.lib.dirs}, and the jars its jobs carry to the cluster.
 *
 * @param classLoader the gateway's own class loader, or one over the lib folders' jars whose parent it is
 */
public record SessionSetup(
        SharedCatalogs catalogs, ClassLoader classLoader, JobJars libJars, Set<String> clustersWithLibJars) {
    public SessionSetup {
        requireNonNull(catalogs, "catalogs is null");
        requireNonNull(classLoader, "classLoader is null");
        requireNonNull(libJars, "libJars is null");
        clustersWithLibJars = Set.copyOf(clustersWithLibJars);
    }

    /**
     * The lib folders' jars that jobs on {@code cluster} carry: none for a cluster declared to have them on its own
     * class path ({@code sluice.cluster.<name>.lib-on-cluster}), since uploading them with every short query would
     * cost more than the query.
     */
    public JobJars libJarsFor(ClusterEndpoint cluster) {
        return clustersWithLibJars.contains(cluster.name()) ? JobJars.NONE : libJars;
    }

    /** No shared catalogs, no lib jars: the gateway's class path alone. */
    public static SessionSetup none() {
        return new SessionSetup(
                new SharedCatalogs(List.of()), SessionSetup.class.getClassLoader(), JobJars.NONE, Set.of());
    }
}
