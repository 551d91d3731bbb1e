package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.gateway.statement.GatewayStatement;
import dev.sluice.planner.PlannedStatement;
import dev.sluice.planner.PrimaryKeysStatement;
import dev.sluice.planner.StatementRoute;
import org.apache.calcite.avatica.Meta;

import java.util.Optional;

import static java.util.Objects.requireNonNull;

/**
 * Runs Sluice's {@code SHOW PRIMARY KEYS} statement in the gateway, from the session's catalogs and without a job.
 *
 * <p>Avatica's protocol has no request for {@code DatabaseMetaData.getPrimaryKeys}, so Sluice's driver executes this
 * statement instead; its result has the columns and order of {@code getPrimaryKeys}. Flink's parser does not know the
 * statement, so it is answered before the session would hand it to Flink.
 */
final class ShowPrimaryKeysExecutor {
    private final DatabaseMetadata metadata;

    ShowPrimaryKeysExecutor(DatabaseMetadata metadata) {
        this.metadata = requireNonNull(metadata, "metadata is null");
    }

    /**
     * The result of {@code planned} on {@code statement} if the planner routed it here
     * ({@link StatementRoute#PRIMARY_KEYS}); empty for every other statement.
     *
     * @throws dev.sluice.planner.InvalidStatementException if it is a malformed {@code SHOW PRIMARY KEYS}
     */
    Optional<Meta.MetaResultSet> execute(
            Meta.StatementHandle handle, GatewaySession session, GatewayStatement statement, PlannedStatement planned) {
        if (planned.route() != StatementRoute.PRIMARY_KEYS) {
            return Optional.empty();
        }
        return Optional.of(execute(handle, session, statement, planned.primaryKeys()));
    }

    private Meta.MetaResultSet execute(
            Meta.StatementHandle handle,
            GatewaySession session,
            GatewayStatement statement,
            PrimaryKeysStatement keys) {
        // a new execution ends the statement's previous result, as one that runs in Flink would
        statement.close();
        return MetaResultSets.of(
                handle.connectionId,
                handle.id,
                false,
                PrimaryKeyRow.class,
                metadata.primaryKeys(session, keys.catalog(), keys.database(), keys.table()));
    }
}
