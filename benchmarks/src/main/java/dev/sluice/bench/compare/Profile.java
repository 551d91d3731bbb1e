package dev.sluice.bench.compare;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The cluster profile of a comparison: the settings laid over the cluster's configuration (cluster-side), the
 * cluster's JVM flags, and the settings both gateways submit their jobs with (job-side). Both systems run on the same
 * profile, so that a ratio compares gateways, not configurations.
 *
 * @param job {@code null} when both gateways submit with their defaults
 */
record Profile(List<FlinkSettingsFile> cluster, FlinkSettingsFile job) {
    /** Keys and key prefixes that the comparison sets for each gateway itself, refused in a job configuration. */
    static final List<String> KEYS_THE_COMPARISON_SETS = List.of(
            "sluice",
            "collect-strategy",
            "sql-gateway",
            "rest",
            "execution.target",
            "execution.runtime-mode",
            "jobmanager.rpc.address");

    Profile {
        cluster = List.copyOf(cluster);
    }

    /** A paragraph for the report, saying which profile both systems ran on. */
    String describe(String clusterJvmOpts) {
        String clusterSettings = cluster.isEmpty()
                ? "conf/flink/config.yaml as it is"
                : "conf/flink/config.yaml with "
                        + cluster.stream().map(FlinkSettingsFile::summary).collect(Collectors.joining(", "));
        String jvm = clusterJvmOpts == null ? "`-XX:+UseG1GC`" : "`" + clusterJvmOpts + "`";
        String jobSettings = job == null || job.settings().isEmpty()
                ? "each gateway's defaults"
                : job.summary() + ", the same for both gateways";
        return "\nProfile: cluster " + clusterSettings + "; cluster JVM flags " + jvm + "; jobs submitted with "
                + jobSettings + ".\n";
    }
}
