/**
 * Planning less: the plan cache of queries that run a job ({@link dev.sluice.planner.cache.JobPlanCache}, keyed by
 * {@link dev.sluice.planner.cache.JobPlanKey}), the rule of when a plan may run again
 * ({@link dev.sluice.planner.cache.ReusablePlans}), what a query's result depends on for the gateway's result cache
 * ({@link dev.sluice.planner.cache.ResultDependencies}), a session's plans of constant queries
 * ({@link dev.sluice.planner.cache.ConstantPlanCache}), and the caches' options and metrics labels.
 */
@NullMarked
package dev.sluice.planner.cache;

import org.jspecify.annotations.NullMarked;
