/** The Avatica {@code Meta} over gateway sessions, and the one place where errors become SQLStates. */
@NullMarked
package dev.sluice.gateway.avatica;

import org.jspecify.annotations.NullMarked;
