/** Measurements of Flink's planner on large expressions, behind the gateway's expression bounds. */
@NullMarked
package dev.sluice.bench.planner;

import org.jspecify.annotations.NullMarked;
