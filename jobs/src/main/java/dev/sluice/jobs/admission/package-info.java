/**
 * Admission of jobs to a session cluster: a bound on jobs in flight per cluster, and a bounded FIFO queue for the
 * queries beyond it. Flink's slot manager does not serve waiting jobs in order, so without this the p99 of a busy
 * cluster grows with every job that arrives while the slots are taken.
 */
@NullMarked
package dev.sluice.jobs.admission;

import org.jspecify.annotations.NullMarked;
