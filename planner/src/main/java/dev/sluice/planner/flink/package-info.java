/**
 * The one home of Flink's and Calcite's internal APIs in Sluice, so that a Flink upgrade touches one package: the
 * internal implementation of a TableEnvironment ({@link dev.sluice.planner.flink.TableEnvironmentInternals}: its
 * catalog manager, parser, planner class loader and cached plans), the logical plan of Flink's planner read by
 * reflection through the planner's own class loader ({@link dev.sluice.planner.flink.LogicalPlans}), the thread-local
 * state Calcite's metadata queries need ({@link dev.sluice.planner.flink.PlannerThreadState}), and the fields of
 * Flink's collect sink ({@link dev.sluice.planner.flink.CollectSinkIntrospection}).
 *
 * <p>Other packages hold Flink's internal types only as values they pass back here (a {@code CachedPlan}), or use the
 * catalog types that {@code CatalogManager} hands out.
 */
@NullMarked
package dev.sluice.planner.flink;

import org.jspecify.annotations.NullMarked;
