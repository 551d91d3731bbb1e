package dev.sluice.gateway.session;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.TableEnvironment;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * Which pushed queries may share a job: bounded (batch) queries of sessions that loaded no code of their own, with
 * equal options. A shared job is built with one session's configuration and class loader, so any difference there
 * could change what another session's query does; equal options (the gateway's and the session's, as Flink resolves
 * them) leave nothing to differ but the queries themselves. A streaming query never shares: it may not end, and its
 * job would hold the others' sinks open.
 */
final class SharingKeys {
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
        return Map.copyOf(environment.getConfig().toMap());
    }
}
