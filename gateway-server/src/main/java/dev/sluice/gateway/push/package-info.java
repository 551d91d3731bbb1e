/**
 * The result endpoint: a Netty server that query sinks in Flink jobs connect to and push their rows to, and the
 * registry of results it expects. Each registered result has an unguessable one-time ticket; the gateway reads a
 * result through {@link dev.sluice.gateway.push.PushedResult} with bounded memory per query.
 */
@NullMarked
package dev.sluice.gateway.push;

import org.jspecify.annotations.NullMarked;
