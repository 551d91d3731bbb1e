/**
 * The warm-up of a starting gateway ({@link dev.sluice.gateway.warmup.GatewayWarmUp}): queries on each cluster and
 * over each declared catalog before the ready line, so that the first user does not pay for a cold JVM.
 */
@NullMarked
package dev.sluice.gateway.warmup;

import org.jspecify.annotations.NullMarked;
