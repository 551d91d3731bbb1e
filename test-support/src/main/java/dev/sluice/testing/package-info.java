/**
 * What the modules' tests share: {@link dev.sluice.testing.Eventually}, the one way tests wait for what happens on
 * another thread, and {@link dev.sluice.testing.SqlStates}, assertions on a failure's SQLState.
 */
@NullMarked
package dev.sluice.testing;

import org.jspecify.annotations.NullMarked;
