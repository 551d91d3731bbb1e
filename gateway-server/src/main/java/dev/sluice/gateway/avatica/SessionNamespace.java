package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.gateway.statement.GatewayStatement;
import org.jspecify.annotations.Nullable;

/**
 * A connection's catalog and schema ({@code setCatalog}, {@code setSchema}, {@code getCatalog}, {@code getSchema}) as
 * its session's current Flink catalog and database: setting one runs {@code USE} in the session, as a statement would,
 * so the plan cache and the metadata see the move; getting one reads where the session is.
 */
final class SessionNamespace {
    private SessionNamespace() {}

    /**
     * Moves {@code session} to {@code catalog} and then to the database {@code schema} of its current catalog, each
     * only when given and not already current.
     *
     * @throws RuntimeException Flink's failure when the catalog or database does not exist; nothing moved then
     */
    static void use(GatewaySession session, @Nullable String catalog, @Nullable String schema) {
        if (catalog == null && schema == null) {
            return;
        }
        if (catalog != null && !catalog.equals(session.currentNamespace().catalog())) {
            run(session, "USE CATALOG " + quoted(catalog));
        }
        if (schema != null && !schema.equals(session.currentNamespace().database())) {
            run(session, "USE " + quoted(schema));
        }
    }

    private static void run(GatewaySession session, String sql) {
        GatewayStatement statement = session.createStatement();
        try {
            session.execute(statement, sql, 0);
        } finally {
            session.closeStatement(statement.id());
        }
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
