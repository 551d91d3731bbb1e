/** The gateway's metrics in Prometheus text format at {@code GET /metrics}. */
@NullMarked
package dev.sluice.gateway.metrics;

import org.jspecify.annotations.NullMarked;
