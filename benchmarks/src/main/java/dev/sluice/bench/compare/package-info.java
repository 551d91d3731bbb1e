/**
 * {@code sluice-compare}: Sluice and the stock Flink SQL Gateway with Flink's JDBC driver, side by side on one
 * standalone Flink session cluster, in one run.
 */
@NullMarked
package dev.sluice.bench.compare;

import org.jspecify.annotations.NullMarked;
