package dev.sluice.planner.catalog;

import org.apache.flink.table.api.TableEnvironment;

import java.util.function.Function;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * A session as {@link MetadataCache} sees it: the gateway's session object, which answers are kept for; how often a
 * statement that may change its catalogs has run; and a way to use its TableEnvironment while no statement runs.
 *
 * @param session the gateway's session; answers are held weakly, so they go when the session does
 * @param stateVersion moves with every statement that may change catalogs, the current catalog or database, or options
 */
public record CatalogSession(Object session, LongSupplier stateVersion, TableEnvironmentAccess environment) {
    /** Runs an action on a session's TableEnvironment while no statement of the session executes. */
    @FunctionalInterface
    public interface TableEnvironmentAccess {
        <T> T withTableEnvironment(Function<TableEnvironment, T> action);
    }

    public CatalogSession {
        requireNonNull(session, "session is null");
        requireNonNull(stateVersion, "stateVersion is null");
        requireNonNull(environment, "environment is null");
    }
}
