/**
 * The error model shared by every server module: {@link dev.sluice.errors.SluiceErrorCode}, the codes and SQLStates
 * that the gateway reports, and {@link dev.sluice.errors.SluiceError}, by which each Sluice exception names its code.
 */
@NullMarked
package dev.sluice.errors;

import org.jspecify.annotations.NullMarked;
