package dev.sluice.gateway.settings;

import dev.sluice.gateway.config.Namespaces;
import dev.sluice.gateway.config.SessionOptions;
import dev.sluice.gateway.resultcache.ResultCacheOptions;
import dev.sluice.planner.cache.PlanCacheOptions;

import java.util.List;

/**
 * Which of Sluice's own options a connection may set, by URL property or {@code SET}. Every other key is a Flink
 * option and passes; a {@code sluice.} key that a connection cannot set would be silently ignored, so a typo such as
 * {@code sluice.query.timout} is refused instead.
 */
public final class SessionScopedOptions {
    // with it off, Flink names operators after their whole expressions, literals included ("Calc(select=['secret'
    // AS x])"): in the names of tasks and their threads, and so in every log line and web page that shows a task
    private static final String SIMPLIFY_OPERATOR_NAMES = "table.exec.simplify-operator-name-enabled";
    private static final List<String> SETTABLE = List.of(
            PlanCacheOptions.ENABLED.key(),
            ResultCacheOptions.ENABLED.key(),
            SessionOptions.QUERY_TIMEOUT.key(),
            SessionOptions.RESULT_MODE.key());

    private SessionScopedOptions() {}

    /**
     * @throws InvalidOptionValueException if {@code key} is Sluice's and not settable per connection, or the value
     *     would put the statements' literals into the names of their tasks
     */
    public static void checkSettable(String key, String value) {
        checkSettable(key);
        if (key.equals(SIMPLIFY_OPERATOR_NAMES) && !value.strip().equalsIgnoreCase("true")) {
            throw new InvalidOptionValueException(SIMPLIFY_OPERATOR_NAMES + " must stay true, was " + value
                    + ": operator names with the statements' literals would show in the cluster's web UI and logs");
        }
    }

    /** @throws InvalidOptionValueException if {@code key} is Sluice's and not settable per connection */
    private static void checkSettable(String key) {
        if (key.startsWith(Namespaces.SLUICE) && !SETTABLE.contains(key)) {
            throw new InvalidOptionValueException(key + " cannot be set per connection: the Sluice options a"
                    + " connection may set are " + String.join(", ", SETTABLE.subList(0, SETTABLE.size() - 1)) + " and "
                    + SETTABLE.get(SETTABLE.size() - 1) + "; the others are the"
                    + " gateway's, in sluice.yaml");
        }
    }
}
