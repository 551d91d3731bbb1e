/** Sluice's performance instruments: the perf tool, side-by-side runs against stock Flink, JMH suites. */
@NullMarked
package dev.sluice.bench;

import org.jspecify.annotations.NullMarked;
