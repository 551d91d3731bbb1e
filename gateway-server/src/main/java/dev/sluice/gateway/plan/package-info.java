/**
 * Understanding a statement with Flink's own parser and validator before anything runs: parameter types and result
 * columns at prepare time ({@link dev.sluice.gateway.plan.StatementAnalyzer}), read from the logical plan that
 * Flink's planner builds ({@link dev.sluice.gateway.plan.LogicalPlans}); and planning less: constant queries answered
 * in the gateway ({@link dev.sluice.gateway.plan.ConstantQueries}) and the plan cache of queries with a job
 * ({@link dev.sluice.gateway.plan.JobPlanCache}, with the rule {@link dev.sluice.gateway.plan.ReusablePlans}).
 */
@NullMarked
package dev.sluice.gateway.plan;

import org.jspecify.annotations.NullMarked;
