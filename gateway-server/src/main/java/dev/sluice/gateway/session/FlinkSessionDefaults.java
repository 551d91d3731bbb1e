package dev.sluice.gateway.session;

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
 * cluster that is down for about a minute (20 attempts, 3 s apart); a user waits for an error instead.
 */
public final class FlinkSessionDefaults {
    static final RuntimeExecutionMode RUNTIME_MODE = RuntimeExecutionMode.BATCH;
    static final int REST_RETRY_ATTEMPTS = 2;
    static final Duration REST_RETRY_DELAY = Duration.ofMillis(200);
    static final Duration REST_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    private FlinkSessionDefaults() {}

    /** Returns {@code configuration} with Sluice's defaults filled in where it has no value. */
    public static Configuration applyTo(Configuration configuration) {
        Configuration result = new Configuration(configuration);
        setIfAbsent(result, ExecutionOptions.RUNTIME_MODE, RUNTIME_MODE);
        setIfAbsent(result, RestOptions.RETRY_MAX_ATTEMPTS, REST_RETRY_ATTEMPTS);
        setIfAbsent(result, RestOptions.RETRY_DELAY, REST_RETRY_DELAY);
        setIfAbsent(result, RestOptions.CONNECTION_TIMEOUT, REST_CONNECTION_TIMEOUT);
        return result;
    }

    private static <T> void setIfAbsent(
            Configuration configuration, org.apache.flink.configuration.ConfigOption<T> option, T value) {
        if (!configuration.contains(option)) {
            configuration.set(option, value);
        }
    }
}
