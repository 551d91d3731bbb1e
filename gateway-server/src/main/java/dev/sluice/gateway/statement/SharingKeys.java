package dev.sluice.gateway.statement;

import dev.sluice.planner.cache.OptionsSnapshot;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableEnvironment;
import org.jspecify.annotations.Nullable;

/**
 * Which pushed queries may share a job: bounded (batch) queries of sessions that loaded no code of their own, with
 * equal options. A shared job is built with one session's configuration and class loader, so any difference there
 * could change what another session's query does; equal options (the gateway's and the session's, as Flink resolves
 * them) leave nothing to differ but the queries themselves. A streaming query never shares: it may not end, and its
 * job would hold the others' sinks open.
 */
final class SharingKeys {
    // Flink's planner stamps every query it plans into the session's options (__table.query-start.epoch-time__ and
    // its kin, for CURRENT_TIMESTAMP and CURRENT_DATABASE): values of the planning, already in the compiled plan,
    // which would make every two sessions' options differ
    private static final String PLANNING_STAMP_PREFIX = "__table.query-start.";

    private SharingKeys() {}

    /**
     * The key of a query of the session that owns {@code environment}; null if its query needs a job of its own.
     *
     * @param loadedUserCode whether the session ever loaded code from a jar ({@code ADD JAR}, a function {@code USING
     *     JAR}), which its options do not show
     */
    static @Nullable Object of(TableEnvironment environment, boolean loadedUserCode) {
        if (loadedUserCode
                || environment.getConfig().get(ExecutionOptions.RUNTIME_MODE) != RuntimeExecutionMode.BATCH) {
            return null;
        }
        TableConfig config = environment.getConfig();
        // the options of the session's job environment and its table options, each as it is, as Flink resolves the
        // latter over the former; planning copies the stamps into both
        return new SharingKey(
                OptionsSnapshot.of(config.getRootConfiguration(), SharingKeys::isPlanningStamp),
                OptionsSnapshot.of(config.getConfiguration(), SharingKeys::isPlanningStamp));
    }

    private static boolean isPlanningStamp(String option) {
        return option.startsWith(PLANNING_STAMP_PREFIX);
    }

    private record SharingKey(OptionsSnapshot environmentOptions, OptionsSnapshot tableOptions) {}
}
