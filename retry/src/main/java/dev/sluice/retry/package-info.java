/**
 * Collect strategies: how long the gateway waits between polls that find a result not ready yet, configured as
 * {@code collect-strategy.type} plus one namespace per strategy (the shape of Flink's restart strategies), and
 * {@link dev.sluice.retry.ResultPoller}, the one place that polls until a result is ready.
 */
@NullMarked
package dev.sluice.retry;

import org.jspecify.annotations.NullMarked;
