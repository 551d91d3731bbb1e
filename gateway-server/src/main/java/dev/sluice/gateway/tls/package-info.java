/** TLS on the gateway port: the provider (OpenSSL or the JDK), the key material, and reloading it from disk. */
@NullMarked
package dev.sluice.gateway.tls;

import org.jspecify.annotations.NullMarked;
