package dev.sluice.gateway.session;

/**
 * Where a session is: its current catalog and database.
 *
 * @param stateVersion the session's state version when they were read; a later statement may have moved it
 */
public record CurrentNamespace(String catalog, String database, long stateVersion) {}
