/**
 * The driver's transport: Avatica requests over pooled keep-alive HTTP/1.1 connections on Netty, with TLS through
 * OpenSSL (netty-tcnative) where its native library loads, else the JDK. One pool per gateway address and transport
 * settings, shared by every connection and statement of the JVM.
 */
@NullMarked
package dev.sluice.jdbc.transport;

import org.jspecify.annotations.NullMarked;
