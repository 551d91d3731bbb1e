/**
 * {@code sluice-perf}: drives any JDBC URL with a query at a given concurrency and reports QPS and latency
 * percentiles, in the manner of Kafka's producer and consumer perf tools.
 */
@NullMarked
package dev.sluice.bench.perf;

import org.jspecify.annotations.NullMarked;
