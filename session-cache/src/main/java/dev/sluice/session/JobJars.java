package dev.sluice.session;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * The jars that travel with a session's jobs to its cluster: Flink's client uploads the jars named in
 * {@code pipeline.jars} with each job, and the TaskManagers load the job's classes from them.
 *
 * <p>A cluster declared to have the jars on its own class path ({@code sluice.cluster.<name>.lib-on-cluster}) gets
 * none: uploading them with every short query would cost more than the query.
 */
public final class JobJars {
    private final List<Path> jars;
    private final Set<String> clustersWithJars;

    /**
     * @param jars the jars every job may need, in class-path order
     * @param clustersWithJars the clusters that have them already
     */
    public JobJars(List<Path> jars, Set<String> clustersWithJars) {
        this.jars = List.copyOf(requireNonNull(jars, "jars is null"));
        this.clustersWithJars = Set.copyOf(requireNonNull(clustersWithJars, "clustersWithJars is null"));
    }

    /** No jars: jobs carry only what the session's own {@code pipeline.jars} names. */
    public static JobJars none() {
        return new JobJars(List.of(), Set.of());
    }

    /** Whether jobs on {@code cluster} carry the jars. */
    public boolean travelTo(ClusterEndpoint cluster) {
        return !jars.isEmpty() && !clustersWithJars.contains(cluster.name());
    }

    /**
     * Adds the jars to {@code configuration}'s {@code pipeline.jars} for jobs on {@code cluster}, after those it names
     * already; does nothing for a cluster that has them.
     */
    public void addTo(Configuration configuration, ClusterEndpoint cluster) {
        if (!travelTo(cluster)) {
            return;
        }
        Set<String> urls = new LinkedHashSet<>(
                configuration.getOptional(PipelineOptions.JARS).orElse(List.of()));
        jars.forEach(jar -> urls.add(jar.toUri().toString()));
        configuration.set(PipelineOptions.JARS, new ArrayList<>(urls));
    }
}
