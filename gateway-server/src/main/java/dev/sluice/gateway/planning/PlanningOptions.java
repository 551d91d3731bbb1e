package dev.sluice.gateway.planning;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** The bound on a statement's planning time; reference: docs/configuration.md. */
public final class PlanningOptions {
    public static final ConfigOption<Duration> MAX_PLANNING_TIME = key("sluice.query.max-planning-time")
            .durationType()
            .defaultValue(Duration.ofSeconds(30))
            .withDescription("The longest a statement may plan: Flink's parsing, validation, optimisation and"
                    + " translation, from when its session starts it until its job asks the cluster for admission (or"
                    + " until it ends, if it runs no job). Past it the client gets SQLState HYT00 at once and the"
                    + " statement runs no job. Flink's planner cannot be stopped, so it plans on to its end, holding its"
                    + " session (whose other statements are refused with SQLState 53000 meanwhile) and one of its"
                    + " user's running statements. Waiting for admission, the job or rows is not planning: those have"
                    + " sluice.query.timeout. Must be positive; the gateway's alone, not settable per connection.");

    private PlanningOptions() {}
}
