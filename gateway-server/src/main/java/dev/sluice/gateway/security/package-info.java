/**
 * Who is connecting: the user of each request, from a password (HTTP Basic against a bcrypt password file) or a TLS
 * client certificate, and the refusal of a request whose credentials are missing or wrong.
 */
@NullMarked
package dev.sluice.gateway.security;

import org.jspecify.annotations.NullMarked;
