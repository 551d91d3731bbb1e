/**
 * What a session's queries did: the bounded history of statements behind {@code SHOW QUERY HISTORY}, each query's
 * trace of phases, the observer that metrics listen through, and the sessions' one clock.
 */
@NullMarked
package dev.sluice.gateway.history;

import org.jspecify.annotations.NullMarked;
