package dev.sluice.jobs;

import dev.sluice.push.PushSinkFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static java.util.Objects.requireNonNull;

/**
 * Jars that travel with every job of a cluster, as {@code pipeline.jars} would send them: uploaded with the job and
 * put on its class loader by the TaskManagers, for code the cluster does not have on its own class path (Sluice's push
 * sink, connectors from the gateway's {@code lib/}). Immutable.
 */
public final class JobJars {
    /** No jars: the cluster has everything its jobs need. */
    public static final JobJars NONE = new JobJars(List.of());

    private static final String PUSH_SINK_PREFIX = "sluice-push-sink-";

    private final List<java.nio.file.Path> jars;

    private JobJars(List<java.nio.file.Path> jars) {
        this.jars = List.copyOf(jars);
    }

    /**
     * The given jars, each a readable file.
     *
     * @throws IllegalArgumentException naming a jar that is not a readable file
     */
    public static JobJars of(Collection<java.nio.file.Path> jars) {
        Set<java.nio.file.Path> unique = new LinkedHashSet<>();
        for (java.nio.file.Path jar : jars) {
            java.nio.file.Path absolute = jar.toAbsolutePath().normalize();
            if (!Files.isRegularFile(absolute) || !Files.isReadable(absolute)) {
                throw new IllegalArgumentException("A jar for the cluster's jobs is not a readable file: " + absolute);
            }
            unique.add(absolute);
        }
        return new JobJars(new ArrayList<>(unique));
    }

    /** These jars and {@code other}'s, each once. */
    public JobJars with(JobJars other) {
        List<java.nio.file.Path> all = new ArrayList<>(jars);
        all.addAll(other.jars);
        return of(all);
    }

    public List<java.nio.file.Path> paths() {
        return jars;
    }

    /**
     * The push sink's jar ({@code sluice-push-sink-<version>.jar}): the jar its classes are loaded from, as in the
     * gateway's {@code lib/}, or the module's jar beside its {@code target/classes} in a build.
     *
     * @throws IllegalStateException saying where it looked when there is none
     */
    public static JobJars pushSink() {
        java.nio.file.Path classes;
        try {
            classes = java.nio.file.Path.of(PushSinkFactory.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("The location of the push sink's classes is unknown", e);
        }
        if (!Files.isDirectory(classes)) {
            return of(List.of(classes));
        }
        java.nio.file.Path directory = classes.getParent();
        try (Stream<java.nio.file.Path> files = Files.list(directory)) {
            List<java.nio.file.Path> found = files.filter(file -> {
                        String name = file.getFileName().toString();
                        return name.startsWith(PUSH_SINK_PREFIX) && name.matches(".*-[0-9][^-]*(-SNAPSHOT)?\\.jar");
                    })
                    .sorted()
                    .toList();
            if (found.isEmpty()) {
                throw new IllegalStateException("No " + PUSH_SINK_PREFIX + "*.jar in " + directory
                        + ", where the push sink's classes are (" + classes + "); build push-sink with its package"
                        + " phase");
            }
            return of(List.of(found.get(found.size() - 1)));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot list " + directory + " for the push sink's jar", e);
        }
    }

    /** Adds the jars to {@code graph}'s user jars, except those it has already. */
    void addTo(StreamGraph graph) {
        requireNonNull(graph, "graph is null");
        List<Path> present = graph.getUserJars();
        for (java.nio.file.Path jar : jars) {
            Path path = new Path(jar.toUri());
            if (!present.contains(path)) {
                graph.addJar(path);
            }
        }
    }

    @Override
    public String toString() {
        return jars.toString();
    }
}
