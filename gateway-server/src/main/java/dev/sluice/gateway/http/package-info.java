/** The Netty HTTP/1.1 server that carries the Avatica protocol. */
@NullMarked
package dev.sluice.gateway.http;

import org.jspecify.annotations.NullMarked;
