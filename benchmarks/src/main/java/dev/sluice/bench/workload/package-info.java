/**
 * Workload files of {@code sluice-perf} and {@code sluice-compare}: tables prepared once and set up per connection,
 * named query kinds with seeded parameters, and the data files they read (the shipped {@code bi} workload).
 */
@NullMarked
package dev.sluice.bench.workload;

import org.jspecify.annotations.NullMarked;
