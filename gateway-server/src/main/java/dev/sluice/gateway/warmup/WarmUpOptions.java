package dev.sluice.gateway.warmup;

import org.apache.flink.configuration.ConfigOption;

import java.time.Duration;

import static org.apache.flink.configuration.ConfigOptions.key;

/** The warm-up before the gateway says it is ready; reference: docs/configuration.md. */
public final class WarmUpOptions {
    public static final ConfigOption<Boolean> ENABLED = key("sluice.warm-up.enabled")
            .booleanType()
            .defaultValue(true)
            .withDescription("Whether bin/sluice-gateway, before it prints its ready line, runs a few queries on each"
                    + " cluster (a join with an aggregate and a filtered, sorted scan over datagen tables) and reads a few"
                    + " tables of each catalog in sluice.catalogs (sluice.warm-up.tables-per-catalog), so that the first user's query does not pay for loading and"
                    + " compiling the planner's, the connectors' and the cluster's code. GET /ready answers 503 until"
                    + " it has ended. A warm-up step that fails is logged, and the gateway starts anyway.");

    public static final ConfigOption<Duration> TIMEOUT = key("sluice.warm-up.timeout")
            .durationType()
            .defaultValue(Duration.ofSeconds(60))
            .withDescription("The longest the warm-up may take over all clusters; a statement still running then is"
                    + " cancelled, the rest is left, and the gateway is ready.");

    public static final ConfigOption<Integer> TABLES_PER_CATALOG = key("sluice.warm-up.tables-per-catalog")
            .intType()
            .defaultValue(4)
            .withDescription("How many tables of each catalog in sluice.catalogs the warm-up reads (the default"
                    + " database's first, then the others' in order of name), each as a BI tool does: one row, then"
                    + " filtered and sorted, aggregated, and by one value of its first column. Each costs about a"
                    + " second of the start; a first query on a table the warm-up did not read plans and runs its"
                    + " first job colder. At least 1.");

    private WarmUpOptions() {}
}
