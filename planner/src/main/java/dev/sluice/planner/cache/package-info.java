/**
 * Planning less: the plan cache of queries that run a job ({@link dev.sluice.planner.cache.JobPlanCache}, keyed by
 * {@link dev.sluice.planner.cache.JobPlanKey}), the rule of when a plan may run again
 * ({@link dev.sluice.planner.cache.ReusablePlans}), and the cache's options and metrics labels.
 */
@NullMarked
package dev.sluice.planner.cache;

import org.jspecify.annotations.NullMarked;
