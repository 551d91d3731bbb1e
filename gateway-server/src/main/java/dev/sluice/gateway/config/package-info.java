/** Loading, validating and documenting the gateway's options. */
@NullMarked
package dev.sluice.gateway.config;

import org.jspecify.annotations.NullMarked;
