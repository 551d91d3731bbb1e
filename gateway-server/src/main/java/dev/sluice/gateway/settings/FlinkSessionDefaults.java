package dev.sluice.gateway.settings;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.RestOptions;

import java.time.Duration;

/**
 * Flink options that Sluice sets for every session unless the configuration sets them.
 *
 * <p>Batch is the default runtime mode: interactive queries are bounded, and in batch mode a query's result is
 * final (no changelog to fold), which is what a JDBC client expects. Flink's REST client would otherwise retry a
 * cluster that is down for about a minute (20 attempts, 3 s apart), and wait 30 s for a high-availability cluster to
 * name a leader when none is known (every JobManager down); a user waits for an error instead. In a failover the
 * standby is named within a second of the old leader's ZooKeeper session expiring, well inside the 10 s.
 */
public final class FlinkSessionDefaults {
    static final RuntimeExecutionMode RUNTIME_MODE = RuntimeExecutionMode.BATCH;
    static final int REST_RETRY_ATTEMPTS = 2;
    static final Duration REST_RETRY_DELAY = Duration.ofMillis(200);
    static final Duration REST_CONNECTION_TIMEOUT = Duration.ofSeconds(5);
    static final Duration REST_AWAIT_LEADER_TIMEOUT = Duration.ofSeconds(10);

    private FlinkSessionDefaults() {}

    /** Returns {@code configuration} with Sluice's defaults filled in where it has no value. */
    public static Configuration applyTo(Configuration configuration) {
        Configuration result = new Configuration(configuration);
        setIfAbsent(result, ExecutionOptions.RUNTIME_MODE, RUNTIME_MODE);
        setIfAbsent(result, RestOptions.RETRY_MAX_ATTEMPTS, REST_RETRY_ATTEMPTS);
        setIfAbsent(result, RestOptions.RETRY_DELAY, REST_RETRY_DELAY);
        setIfAbsent(result, RestOptions.CONNECTION_TIMEOUT, REST_CONNECTION_TIMEOUT);
        setIfAbsent(result, RestOptions.AWAIT_LEADER_TIMEOUT, REST_AWAIT_LEADER_TIMEOUT);
        return result;
    }

    private static <T> void setIfAbsent(
            Configuration configuration, org.apache.flink.configuration.ConfigOption<T> option, T value) {
        if (!configuration.contains(option)) {
            configuration.set(option, value);
        }
    }
}
