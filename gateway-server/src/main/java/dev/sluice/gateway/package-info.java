/** The Sluice gateway: configuration, lifecycle and the {@code main} entry point. */
@NullMarked
package dev.sluice.gateway;

import org.jspecify.annotations.NullMarked;
