package dev.sluice.planner.flink;

import org.apache.flink.table.api.TableEnvironment;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import static java.util.Objects.requireNonNull;

/**
 * Seeds the thread-local that Calcite's metadata queries read, on the thread that is about to plan.
 *
 * <p>Flink's planner sets Calcite's {@code RelMetadataQueryBase.THREAD_PROVIDERS} only on the thread that created it.
 * A session is created on one RPC thread and runs statements on others, where planning would fail with
 * "NullPointerException: metadataHandlerProvider". The planner and its Calcite live in their own class loader
 * (flink-table-planner-loader), so they are reached by reflection through that loader.
 */
public final class PlannerThreadState {
    private final ThreadLocal<Object> threadProviders;
    private final Object flinkMetadataProvider;

    private PlannerThreadState(ThreadLocal<Object> threadProviders, Object flinkMetadataProvider) {
        this.threadProviders = threadProviders;
        this.flinkMetadataProvider = flinkMetadataProvider;
    }

    /** Finds the thread-local and Flink's metadata provider in the class loader of {@code environment}'s planner. */
    @SuppressWarnings("unchecked")
    public static PlannerThreadState of(TableEnvironment environment) {
        requireNonNull(environment, "environment is null");
        ClassLoader plannerLoader = TableEnvironmentInternals.plannerClassLoader(environment);
        try {
            Class<?> queryBase =
                    Class.forName("org.apache.calcite.rel.metadata.RelMetadataQueryBase", true, plannerLoader);
            Class<?> providerType =
                    Class.forName("org.apache.calcite.rel.metadata.RelMetadataProvider", true, plannerLoader);
            Class<?> janino =
                    Class.forName("org.apache.calcite.rel.metadata.JaninoRelMetadataProvider", true, plannerLoader);
            Class<?> flinkDefault = Class.forName(
                    "org.apache.flink.table.planner.plan.metadata.FlinkDefaultRelMetadataProvider",
                    true,
                    plannerLoader);
            Object flinkProvider = staticInstance(flinkDefault);
            Method of = janino.getMethod("of", providerType);
            Field field = queryBase.getField("THREAD_PROVIDERS");
            return new PlannerThreadState((ThreadLocal<Object>) field.get(null), of.invoke(null, flinkProvider));
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(
                    "Flink's planner does not have the Calcite metadata classes Sluice expects; is this Flink 2.3?", e);
        }
    }

    /** Flink's provider is a Scala object in some versions ({@code INSTANCE()}) and a Java constant in others. */
    private static Object staticInstance(Class<?> type) throws ReflectiveOperationException {
        try {
            return type.getField("INSTANCE").get(null);
        } catch (NoSuchFieldException e) {
            return type.getMethod("INSTANCE").invoke(null);
        }
    }

    /** Installs Flink's metadata provider on the current thread. */
    public void installOnCurrentThread() {
        threadProviders.set(flinkMetadataProvider);
    }
}
