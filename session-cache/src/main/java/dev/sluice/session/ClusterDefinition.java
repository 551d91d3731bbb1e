package dev.sluice.session;

import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One declared session cluster, before the gateway has started it or connected to it.
 *
 * @param restAddress where a REMOTE cluster's REST endpoint listens; null for an EMBEDDED one
 */
public record ClusterDefinition(
        String name, ClusterKind kind, @Nullable HostAndPort restAddress) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
    private static final Set<String> RESERVED_NAMES = Set.of("reuse", "cache", "rest");

    public ClusterDefinition {
        requireNonNull(name, "name is null");
        requireNonNull(kind, "kind is null");
        if (RESERVED_NAMES.contains(name)) {
            throw new IllegalArgumentException(ClusterOptions.CLUSTERS.key() + " entry '" + name
                    + "' is reserved for options of every cluster (sluice.cluster." + name
                    + ".*); choose another name");
        }
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(ClusterOptions.CLUSTERS.key() + " entry '" + name
                    + "' is not a valid cluster name; use lower-case letters, digits, '_' and '-', starting with a"
                    + " letter");
        }
        switch (kind) {
            case EMBEDDED -> {
                if (restAddress != null) {
                    throw new IllegalArgumentException(ClusterOptions.restAddress(name)
                                    .key() + " must not be set for an EMBEDDED cluster, was " + restAddress);
                }
            }
            case REMOTE -> {
                if (restAddress == null) {
                    throw new IllegalArgumentException(
                            ClusterOptions.restAddress(name).key() + " is required for a REMOTE cluster");
                }
            }
        }
    }

    /** Reads every declared cluster; all problems are reported together in one exception. */
    public static List<ClusterDefinition> allFrom(ReadableConfig config) {
        List<String> names = config.get(ClusterOptions.CLUSTERS);
        List<String> problems = new ArrayList<>();
        List<ClusterDefinition> clusters = new ArrayList<>();
        if (names.isEmpty()) {
            problems.add(ClusterOptions.CLUSTERS.key() + " must name at least one cluster");
        }
        long embedded = 0;
        for (String name : names) {
            try {
                ClusterKind kind = config.get(ClusterOptions.type(name));
                String address =
                        config.getOptional(ClusterOptions.restAddress(name)).orElse(null);
                clusters.add(new ClusterDefinition(
                        name,
                        kind,
                        address == null
                                ? null
                                : HostAndPort.parse(
                                        ClusterOptions.restAddress(name).key(), address)));
                embedded += kind == ClusterKind.EMBEDDED ? 1 : 0;
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (names.stream().distinct().count() != names.size()) {
            problems.add(ClusterOptions.CLUSTERS.key() + " names a cluster twice, was " + names);
        }
        if (embedded > 1) {
            problems.add(ClusterOptions.CLUSTERS.key() + " may declare at most one EMBEDDED cluster, was " + embedded);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return List.copyOf(clusters);
    }
}
