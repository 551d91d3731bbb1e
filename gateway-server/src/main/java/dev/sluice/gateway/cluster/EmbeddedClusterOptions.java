package dev.sluice.gateway.cluster;

import org.apache.flink.configuration.ConfigOption;

import static org.apache.flink.configuration.ConfigOptions.key;

/** Options of the embedded Flink MiniCluster; reference: docs/configuration.md. */
public final class EmbeddedClusterOptions {
    public static final ConfigOption<Integer> TASK_MANAGERS = key("sluice.embedded.task-managers")
            .intType()
            .defaultValue(1)
            .withDescription("TaskManagers of the embedded cluster.");

    public static final ConfigOption<Integer> TASK_SLOTS = key("sluice.embedded.task-slots")
            .intType()
            .defaultValue(8)
            .withDescription("Task slots of each embedded TaskManager; a query uses one slot per parallel task.");

    private EmbeddedClusterOptions() {}
}
