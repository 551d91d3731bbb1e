package dev.sluice.gateway.security;

/** A way a client proves who it is. */
public enum AuthenticationMethod {
    /** HTTP Basic: a user name and password, checked against a bcrypt password file. */
    PASSWORD,
    /** An HTTP Bearer token: a signed JWT with issuer, audience and expiry, checked against configured public keys. */
    JWT,
    /** A TLS client certificate (mutual TLS): its subject, or one attribute of it, is the user. */
    CERTIFICATE
}
