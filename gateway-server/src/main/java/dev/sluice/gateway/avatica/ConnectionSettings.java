package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.CurrentNamespace;
import dev.sluice.gateway.session.GatewaySession;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta.ConnectionProperties;
import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDBC connection properties of each open connection (auto-commit, read-only, catalog, schema) as Avatica's
 * {@code connectionSync} sets and reads them, and what they mean for the connection's session.
 */
final class ConnectionSettings {
    private final Map<String, ConnectionPropertiesImpl> byConnection = new ConcurrentHashMap<>();

    void opened(String connectionId) {
        byConnection.put(connectionId, newConnectionProperties());
    }

    void closed(String connectionId) {
        byConnection.remove(connectionId);
    }

    /** Whether the connection commits every statement itself; true for a connection that never said otherwise. */
    boolean autoCommit(String connectionId) {
        ConnectionPropertiesImpl properties = byConnection.get(connectionId);
        return properties == null || !Boolean.FALSE.equals(properties.isAutoCommit());
    }

    /** Applies what the client changed to the session, and answers the properties as they now are. */
    ConnectionProperties sync(String connectionId, GatewaySession session, ConnectionProperties requested) {
        ConnectionPropertiesImpl current = byConnection.computeIfAbsent(connectionId, id -> newConnectionProperties());
        // setCatalog and setSchema move the session, as USE would; a name that does not exist fails here. Avatica's
        // client sends back what it was last told with every later sync, so only a value other than that is a move
        SessionNamespace.use(
                session,
                changed(requested.getCatalog(), current.getCatalog()),
                changed(requested.getSchema(), current.getSchema()));
        current.merge(requested);
        session.setReadOnly(Boolean.TRUE.equals(current.isReadOnly()));
        // getCatalog and getSchema answer where the session is, also after a USE statement
        CurrentNamespace where = session.currentNamespace();
        current.setCatalog(where.catalog());
        current.setSchema(where.database());
        // last: the flag travels to the client, whose properties a dirty answer would leave dirty, so that every later
        // execute would first sync them again
        current.setDirty(false);
        return current;
    }

    /** {@code requested}, unless it is what the client was last told. */
    private static @Nullable String changed(@Nullable String requested, @Nullable String told) {
        return requested == null || requested.equals(told) ? null : requested;
    }

    /**
     * What a new connection is: auto-commit, writable, without transactions, as the database properties say; Avatica's
     * client reads an unset value as read-only.
     */
    private static ConnectionPropertiesImpl newConnectionProperties() {
        return new ConnectionPropertiesImpl(true, false, java.sql.Connection.TRANSACTION_NONE, null, null);
    }
}
