/**
 * Sluice's transport for Flink's REST API: keep-alive connections to a JobManager, pooled per address and shared by
 * every request of a cluster, behind Flink's own {@code RestClient} interface so that {@code RestClusterClient}
 * (with its leader retrieval and retries) runs unchanged on top.
 *
 * <p>Built on Flink's shaded Netty, not the gateway's own Netty: Flink's REST messages, errors
 * ({@code RestClientException} carries a shaded {@code HttpResponseStatus}) and TLS setup
 * ({@code SSLHandlerFactory} from {@code security.ssl.rest.*}) are made of it, and using the same classes keeps
 * TLS to the JobManager and multipart job uploads identical to Flink's.
 */
@NullMarked
package dev.sluice.sessioncache.rest;

import org.jspecify.annotations.NullMarked;
