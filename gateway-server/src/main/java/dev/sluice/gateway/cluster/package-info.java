/** The embedded Flink MiniCluster that serves as the default session cluster. */
@NullMarked
package dev.sluice.gateway.cluster;

import org.jspecify.annotations.NullMarked;
