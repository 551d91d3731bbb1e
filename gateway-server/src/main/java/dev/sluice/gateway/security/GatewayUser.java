package dev.sluice.gateway.security;

import static java.util.Objects.requireNonNull;

/**
 * The user a request comes from, as authentication established it; the owner of the sessions it opens.
 *
 * @param name the user name (the password file's user, or the client certificate's subject or attribute)
 */
public record GatewayUser(String name) {
    /** Every request's user when authentication is off: then sessions are told apart by their unguessable ids alone. */
    public static final GatewayUser ANONYMOUS = new GatewayUser("");

    public GatewayUser {
        requireNonNull(name, "name is null");
    }

    /** The name for logs and messages. */
    @Override
    public String toString() {
        return name.isEmpty() ? "(anonymous)" : name;
    }
}
