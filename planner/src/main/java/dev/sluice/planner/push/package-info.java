/**
 * Plans a query onto the push sink: the query is inserted into an inline table of the {@code sluice-push} connector
 * (whose options carry the gateway's result endpoint and the query's ticket), and the gateway reads its rows from
 * the endpoint instead of from Flink's collect sink.
 */
@NullMarked
package dev.sluice.planner.push;

import org.jspecify.annotations.NullMarked;
