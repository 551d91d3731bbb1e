package dev.sluice.gateway.config;

import org.apache.flink.configuration.ReadableConfig;

import static dev.sluice.gateway.config.EmbeddedClusterOptions.TASK_MANAGERS;
import static dev.sluice.gateway.config.EmbeddedClusterOptions.TASK_SLOTS;

/** Size of the embedded cluster, validated. */
public record EmbeddedClusterConfig(int taskManagers, int taskSlots) {
    public EmbeddedClusterConfig {
        Checks.check(taskManagers >= 1, "%s must be at least 1, was %s", TASK_MANAGERS.key(), taskManagers);
        Checks.check(taskSlots >= 1, "%s must be at least 1, was %s", TASK_SLOTS.key(), taskSlots);
    }

    public static EmbeddedClusterConfig from(ReadableConfig config) {
        return new EmbeddedClusterConfig(config.get(TASK_MANAGERS), config.get(TASK_SLOTS));
    }
}
