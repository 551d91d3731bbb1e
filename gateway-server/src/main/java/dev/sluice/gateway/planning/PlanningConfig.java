package dev.sluice.gateway.planning;

import dev.sluice.gateway.config.Checks;
import dev.sluice.retry.TimeFormat;
import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * The bound on a statement's planning time, validated.
 *
 * @param maxPlanningTime the longest a statement may plan before its client is answered with HYT00
 */
public record PlanningConfig(Duration maxPlanningTime) {
    public PlanningConfig {
        requireNonNull(maxPlanningTime, "maxPlanningTime is null");
        Checks.check(
                maxPlanningTime.compareTo(Duration.ZERO) > 0,
                "%s must be positive, was %s",
                PlanningOptions.MAX_PLANNING_TIME.key(),
                TimeFormat.duration(maxPlanningTime));
    }

    public static PlanningConfig from(ReadableConfig config) {
        return new PlanningConfig(config.get(PlanningOptions.MAX_PLANNING_TIME));
    }
}
