package dev.sluice.gateway.settings;

import dev.sluice.planner.flink.PlannerThreadState;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.TableEnvironment;

import java.time.ZoneId;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * A session's Flink TableEnvironment (catalogs, temporary objects, options), which a runtime-mode switch replaces,
 * and the gateway's defaults it was created with.
 *
 * <p>A TableEnvironment is not thread-safe: everything but the reads of its time zone happens under the session's
 * execution lock.
 */
public final class SessionEnvironment {
    private final Function<Configuration, TableEnvironment> factory;
    private final Configuration defaults;
    // replaced only by a runtime-mode switch, under the session's lock; volatile for the lock-free time zone reads
    private volatile TableEnvironment current;
    private volatile PlannerThreadState plannerThreadState;

    /**
     * @param factory creates a TableEnvironment with the given options, whose jobs go to the session's cluster
     * @param defaults the options a session starts with, and returns to on {@code RESET}
     */
    public SessionEnvironment(Function<Configuration, TableEnvironment> factory, Configuration defaults) {
        this.factory = requireNonNull(factory, "factory is null");
        this.defaults = requireNonNull(defaults, "defaults is null");
        install(factory.apply(defaults));
    }

    /** The environment, with the planner's thread-local state installed on the calling thread. */
    public TableEnvironment onCurrentThread() {
        plannerThreadState.installOnCurrentThread();
        return current;
    }

    /** The environment, for calls that do not plan (listing, options). */
    public TableEnvironment current() {
        return current;
    }

    /** The session's live options; writing them changes the session. */
    Configuration options() {
        return current.getConfig().getConfiguration();
    }

    Configuration defaults() {
        return defaults;
    }

    public RuntimeExecutionMode runtimeMode() {
        return current.getConfig().get(ExecutionOptions.RUNTIME_MODE);
    }

    /** The zone in which {@code TIMESTAMP_LTZ} values are shown ({@code table.local-time-zone}). */
    public ZoneId localTimeZone() {
        return current.getConfig().getLocalTimeZone();
    }

    /** Replaces the environment with a new one created with {@code options}; what lived in the old one is gone. */
    void replace(Configuration options) {
        install(factory.apply(options));
    }

    private void install(TableEnvironment environment) {
        plannerThreadState = PlannerThreadState.of(environment);
        current = environment;
    }
}
