/**
 * A statement's result as the session hands it out: the cursors a fetch reads, the rows behind them (collected, pushed,
 * counted, local) with their deadline and idle watch, and how a query ended.
 */
@NullMarked
package dev.sluice.gateway.result;

import org.jspecify.annotations.NullMarked;
