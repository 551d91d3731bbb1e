/**
 * The transport benchmark: responses of several sizes through the gateway protocol over plaintext, JDK TLS and
 * OpenSSL TLS, with keep-alive and with a new connection per request.
 */
@NullMarked
package dev.sluice.bench.tls;

import org.jspecify.annotations.NullMarked;
