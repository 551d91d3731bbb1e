package dev.sluice.gateway.history;

import dev.sluice.gateway.security.GatewayUser;

import static java.util.Objects.requireNonNull;

/** A statement with the user whose session runs it, for those who see other users' statements (admins). */
public record OwnedQuery(GatewayUser owner, QuerySummary query) {
    public OwnedQuery {
        requireNonNull(owner, "owner is null");
        requireNonNull(query, "query is null");
    }
}
