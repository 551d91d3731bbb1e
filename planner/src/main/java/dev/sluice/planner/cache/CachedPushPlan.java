package dev.sluice.planner.cache;

import dev.sluice.planner.push.CompiledPushQuery;

import static java.util.Objects.requireNonNull;

/**
 * A pushed query's plan from the plan cache, with what its rows depend on, for a cache of its result.
 *
 * @param compiled the query to run, through the taking session's TableEnvironment, with a new ticket's sink
 */
public record CachedPushPlan(CompiledPushQuery compiled, ResultDependencies dependencies) {
    public CachedPushPlan {
        requireNonNull(compiled, "compiled is null");
        requireNonNull(dependencies, "dependencies is null");
    }
}
