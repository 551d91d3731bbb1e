package dev.sluice.planner.cache;

import static java.util.Objects.requireNonNull;

/**
 * What a cached job plan was compiled from; a statement finds a plan only if all of it is equal.
 *
 * <p>A session's own plan is keyed by its session: each session has its own catalogs (temporary tables and Flink's
 * in-memory catalog), so equal text in two sessions may name different tables. Within the session, {@code
 * stateVersion} moves with every DDL, {@code USE}, {@code SET} and {@code RESET}, and {@code options} are compared as
 * well, so that no change of an option can reach a plan compiled under the old value, whatever path it took. A plan
 * that sessions share has the empty session id, and names its options in full and where unqualified names resolve.
 *
 * @param statement the statement's {@link dev.sluice.planner.SqlLexer#normalize normal form}; for a prepared statement the text with its
 *     parameters bound, so each distinct set of values has its own plan
 * @param options the session's Flink and Sluice options, as they are when the plan is stored
 * @param environmentOptions the options of the session's job environment, which its options are laid over; empty
 *     for a session's own plan, where they are the gateway's
 * @param catalog the current catalog, or empty for a session's own plan
 * @param database the current database, or empty for a session's own plan
 */
public record JobPlanKey(
        String sessionId,
        long stateVersion,
        String statement,
        OptionsSnapshot options,
        OptionsSnapshot environmentOptions,
        String catalog,
        String database) {
    public JobPlanKey {
        requireNonNull(sessionId, "sessionId is null");
        requireNonNull(statement, "statement is null");
        requireNonNull(options, "options is null");
        requireNonNull(environmentOptions, "environmentOptions is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
    }
}
