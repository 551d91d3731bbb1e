/**
 * Everything that talks to a Flink session cluster: which clusters exist, where their REST endpoints are, and
 * how a session's jobs reach them.
 */
@NullMarked
package dev.sluice.sessioncache;

import org.jspecify.annotations.NullMarked;
