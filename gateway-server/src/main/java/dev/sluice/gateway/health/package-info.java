/** Whether the gateway is alive and ready to run queries, from what its clusters answer. */
@NullMarked
package dev.sluice.gateway.health;

import org.jspecify.annotations.NullMarked;
