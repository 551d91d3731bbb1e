package dev.sluice.planner.cache;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.TableConfig;
import org.apache.flink.table.api.TableEnvironment;

import java.util.function.Predicate;

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
    // the scope of plans that every session which created nothing of its own may take
    private static final String SHARED_SCOPE = "";
    // What Flink's planner writes into a session's options when it plans: the stamps of one planning
    // (__table.query-start.epoch-time__ and its kin), which would make every two sessions' options differ, and, the
    // first time a batch query is planned, the adaptive batch settings it derives from the other options, which a
    // session that has not planned yet lacks. Neither tells two sessions' plans apart.
    private static final Predicate<String> WRITTEN_BY_PLANNING = option -> option.startsWith("__table.query-start.")
            || option.equals("execution.batch.adaptive.stream-graph-optimization.strategies")
            || option.startsWith("$internal.execution.batch.adaptive.");
    // What the first submission of a session writes into its job environment's options (batch execution's object reuse
    // and buffer timeout): they tell a session that has run a query from a new one, and change no query's answer.
    private static final Predicate<String> WRITTEN_BY_SUBMISSION = WRITTEN_BY_PLANNING
            .or(option -> option.equals("pipeline.object-reuse"))
            .or(option -> option.startsWith("execution.buffer-timeout"));
    // a session's own plans: its state version moves with USE, and the job environment's options are the gateway's
    private static final OptionsSnapshot NO_OPTIONS = OptionsSnapshot.of(new Configuration());

    public JobPlanKey {
        requireNonNull(sessionId, "sessionId is null");
        requireNonNull(statement, "statement is null");
        requireNonNull(options, "options is null");
        requireNonNull(environmentOptions, "environmentOptions is null");
        requireNonNull(catalog, "catalog is null");
        requireNonNull(database, "database is null");
    }

    /**
     * The key of a plan of the session in {@code scope}, with the session's options as they are now; also the key of a
     * cached result of the statement.
     */
    public static JobPlanKey own(TableEnvironment environment, PlanScope scope, String statement) {
        return new JobPlanKey(
                scope.sessionId(),
                scope.stateVersion(),
                statement,
                OptionsSnapshot.of(environment.getConfig().getConfiguration()),
                NO_OPTIONS,
                "",
                "");
    }

    /**
     * The key of a plan any session may take: besides the statement, the options the job environment and the
     * TableEnvironment have (without planning stamps), and where unqualified names resolve; also the key of a cached
     * result of the statement that sessions share.
     */
    public static JobPlanKey shared(TableEnvironment environment, String statement) {
        TableConfig config = environment.getConfig();
        return shared(
                statement,
                sharedOptions(config.getConfiguration()),
                sharedOptions(config.getRootConfiguration()),
                environment.getCurrentCatalog(),
                environment.getCurrentDatabase());
    }

    /**
     * The key of a result of {@code statement} that sessions share: as {@link #shared(TableEnvironment, String)}, but
     * without the options a session's first submission writes into its job environment, which change no answer; so
     * a new session (a BI tool's connection per chart) finds a result that a session which had run queries kept.
     */
    public static JobPlanKey sharedResult(TableEnvironment environment, String statement) {
        TableConfig config = environment.getConfig();
        return shared(
                statement,
                sharedOptions(config.getConfiguration()),
                OptionsSnapshot.of(config.getRootConfiguration(), WRITTEN_BY_SUBMISSION),
                environment.getCurrentCatalog(),
                environment.getCurrentDatabase());
    }

    static JobPlanKey shared(
            String statement,
            OptionsSnapshot options,
            OptionsSnapshot environmentOptions,
            String catalog,
            String database) {
        return new JobPlanKey(SHARED_SCOPE, 0, statement, options, environmentOptions, catalog, database);
    }

    /** Options as a shared key compares them: without what planning writes. */
    static OptionsSnapshot sharedOptions(ReadableConfig options) {
        return OptionsSnapshot.of(options, WRITTEN_BY_PLANNING);
    }
}
