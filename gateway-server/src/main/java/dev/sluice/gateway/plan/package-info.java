/**
 * Understanding a statement with Flink's own parser and validator before anything runs: parameter types and result
 * columns at prepare time ({@link dev.sluice.gateway.plan.StatementAnalyzer}), read from the logical plan that
 * Flink's planner builds ({@link dev.sluice.gateway.plan.LogicalPlans}).
 */
@NullMarked
package dev.sluice.gateway.plan;

import org.jspecify.annotations.NullMarked;
