/**
 * The home of knowledge about Flink's and Calcite's internals. Today: which of their faults are the statement's
 * ({@link dev.sluice.planner.flink.FlinkStatementFaults}), so that a Flink upgrade that changes them touches this
 * package only.
 */
@NullMarked
package dev.sluice.planner.flink;

import org.jspecify.annotations.NullMarked;
