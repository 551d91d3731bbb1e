package dev.sluice.sessioncache;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * One declared session cluster, before the gateway has started it or connected to it.
 *
 * @param restAddress where the cluster's REST endpoint is: a {@link FixedRestAddress} for a REMOTE cluster, a
 *     {@link ZooKeeperRestAddress} for a ZOOKEEPER one; null for an EMBEDDED one, whose address is known once it runs
 */
public record ClusterDefinition(
        String name, ClusterKind kind, @Nullable RestAddress restAddress) {
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
                    throw new IllegalArgumentException(definingOption(name, restAddress)
                                    .key() + " must not be set for an EMBEDDED cluster, was " + restAddress);
                }
            }
            case REMOTE ->
                requireAddress(kind, restAddress, FixedRestAddress.class, ClusterOptions.restAddress(name), name);
            case ZOOKEEPER ->
                requireAddress(
                        kind, restAddress, ZooKeeperRestAddress.class, ClusterOptions.zookeeperQuorum(name), name);
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
                problems.addAll(optionsOfOtherKinds(name, kind, config));
                AdmissionLimits.from(config, name);
                clusters.add(new ClusterDefinition(name, kind, readAddress(name, kind, config)));
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

    private static @Nullable RestAddress readAddress(String name, ClusterKind kind, ReadableConfig config) {
        return switch (kind) {
            case EMBEDDED -> null;
            case REMOTE ->
                config.getOptional(ClusterOptions.restAddress(name))
                        .map(address -> new FixedRestAddress(HostAndPort.parse(
                                ClusterOptions.restAddress(name).key(), address)))
                        .orElse(null);
            case ZOOKEEPER -> ZooKeeperRestAddress.find(name, config).orElse(null);
        };
    }

    /** Options set for {@code name} that its kind does not read: a REMOTE cluster's zookeeper.quorum, say. */
    private static List<String> optionsOfOtherKinds(String name, ClusterKind kind, ReadableConfig config) {
        Set<String> read = new HashSet<>();
        read.add(ClusterOptions.type(name).key());
        ClusterOptions.readBy(kind, name).forEach(option -> read.add(option.key()));
        List<String> problems = new ArrayList<>();
        for (ConfigOption<?> option : ClusterOptions.perCluster(name)) {
            if (read.contains(option.key())) {
                continue;
            }
            config.getOptional(option)
                    .ifPresent(value -> problems.add(option.key() + " must not be set for " + article(kind) + " " + kind
                            + " cluster, was " + value));
        }
        return problems;
    }

    private static void requireAddress(
            ClusterKind kind,
            @Nullable RestAddress address,
            Class<? extends RestAddress> expected,
            ConfigOption<String> defining,
            String name) {
        if (address == null) {
            throw new IllegalArgumentException(
                    defining.key() + " is required for " + article(kind) + " " + kind + " cluster");
        }
        if (!expected.isInstance(address)) {
            throw new IllegalArgumentException(definingOption(name, address).key() + " must not be set for "
                    + article(kind) + " " + kind + " cluster, was " + address + "; it needs " + defining.key());
        }
    }

    /** The option that declares {@code address}: rest-address for a fixed one, zookeeper.quorum for ZooKeeper. */
    private static ConfigOption<String> definingOption(String name, RestAddress address) {
        return address instanceof ZooKeeperRestAddress
                ? ClusterOptions.zookeeperQuorum(name)
                : ClusterOptions.restAddress(name);
    }

    private static String article(ClusterKind kind) {
        return kind == ClusterKind.EMBEDDED ? "an" : "a";
    }
}
