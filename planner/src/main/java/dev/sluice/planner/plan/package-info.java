/**
 * Understanding a statement with Flink's own parser and validator before anything runs: parameter types and result
 * columns at prepare time ({@link dev.sluice.planner.plan.StatementAnalyzer}), read from the logical plan that
 * Flink's planner builds ({@link dev.sluice.planner.flink.LogicalPlans}); and constant queries, answered in the
 * gateway without a job ({@link dev.sluice.planner.plan.ConstantQueries}).
 */
@NullMarked
package dev.sluice.planner.plan;

import org.jspecify.annotations.NullMarked;
