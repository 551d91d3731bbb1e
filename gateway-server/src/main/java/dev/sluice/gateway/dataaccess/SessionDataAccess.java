package dev.sluice.gateway.dataaccess;

import dev.sluice.planner.access.AccessCheck;
import org.apache.flink.table.catalog.ObjectIdentifier;

/**
 * What one session's statements may touch: judges what they touch ({@link AccessCheck}), the Flink options the session
 * sets, and which tables it sees in metadata.
 */
public interface SessionDataAccess extends AccessCheck {
    /**
     * Checks a Flink option the session sets (SET, or a connection property).
     *
     * @throws DataAccessDeniedException if it names a place the session may not write
     */
    void checkOption(String key, String value);

    /** Whether the session's user sees the table in metadata; the data-access policy hides nothing. */
    default boolean mayRead(String catalog, String database, String table) {
        return true;
    }

    @Override
    default boolean mayList(ObjectIdentifier table) {
        return mayRead(table.getCatalogName(), table.getDatabaseName(), table.getObjectName());
    }
}
