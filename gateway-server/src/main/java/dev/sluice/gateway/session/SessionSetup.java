package dev.sluice.gateway.session;

import dev.sluice.session.JobJars;

import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * What the gateway's configuration adds to every session: the shared catalogs, the class loader through which its
 * planner finds the connectors and formats of {@code sluice.lib.dirs}, and the jars its jobs carry to the cluster.
 *
 * @param classLoader the gateway's own class loader, or one over the lib folders' jars whose parent it is
 */
public record SessionSetup(SharedCatalogs catalogs, ClassLoader classLoader, JobJars jobJars) {
    public SessionSetup {
        requireNonNull(catalogs, "catalogs is null");
        requireNonNull(classLoader, "classLoader is null");
        requireNonNull(jobJars, "jobJars is null");
    }

    /** No shared catalogs, no lib jars: the gateway's class path alone. */
    public static SessionSetup none() {
        return new SessionSetup(new SharedCatalogs(List.of()), SessionSetup.class.getClassLoader(), JobJars.none());
    }
}
