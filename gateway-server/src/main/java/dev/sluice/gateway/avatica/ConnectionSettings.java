package dev.sluice.gateway.avatica;

import dev.sluice.gateway.session.CurrentNamespace;
import dev.sluice.gateway.session.GatewaySession;
import dev.sluice.planner.IdentifierQuoting;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta.ConnectionProperties;
import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDBC connection properties of each open connection (auto-commit, read-only, catalog, schema) as Avatica's
 * {@code connectionSync} sets and reads them, and what they mean for the connection's session; and how the
 * connection's statements quote identifiers, which the property {@value #ANSI_QUOTES_PROPERTY} chooses at connect.
 */
final class ConnectionSettings {
    /** The connection property that turns ANSI quoting on: double-quoted identifiers, rewritten to back ticks. */
    static final String ANSI_QUOTES_PROPERTY = "ansi_quotes";

    private final Map<String, ConnectionPropertiesImpl> byConnection = new ConcurrentHashMap<>();
    // only the connections in ANSI quoting; the others quote as Flink does
    private final Map<String, IdentifierQuoting> quoting = new ConcurrentHashMap<>();
    // only the connections of Sluice's driver, which reads richer forms than other clients (WireForms)
    private final Map<String, WireForms> wireForms = new ConcurrentHashMap<>();

    /**
     * The quoting that the properties of a connection being opened ask for.
     *
     * @throws InvalidParameterException if {@value #ANSI_QUOTES_PROPERTY} is neither true nor false
     */
    static IdentifierQuoting quoting(Map<String, String> properties) {
        String ansiQuotes = properties.get(ANSI_QUOTES_PROPERTY);
        if (ansiQuotes == null || ansiQuotes.equalsIgnoreCase("false")) {
            return IdentifierQuoting.BACK_TICKS;
        }
        if (ansiQuotes.equalsIgnoreCase("true")) {
            return IdentifierQuoting.ANSI;
        }
        throw new InvalidParameterException(
                "Connection property " + ANSI_QUOTES_PROPERTY + " must be true or false, was '" + ansiQuotes + "'");
    }

    void opened(String connectionId, IdentifierQuoting identifierQuoting, WireForms forms) {
        byConnection.put(connectionId, newConnectionProperties());
        if (identifierQuoting != IdentifierQuoting.BACK_TICKS) {
            quoting.put(connectionId, identifierQuoting);
        }
        if (!forms.equals(WireForms.PLAIN)) {
            wireForms.put(connectionId, forms);
        }
    }

    void closed(String connectionId) {
        byConnection.remove(connectionId);
        quoting.remove(connectionId);
        wireForms.remove(connectionId);
    }

    /** The forms the connection's results take: timestamps beyond milliseconds, rows and maps. */
    WireForms wireForms(String connectionId) {
        return wireForms.getOrDefault(connectionId, WireForms.PLAIN);
    }

    /** How the statements of the connection quote identifiers; Flink's back ticks unless it asked otherwise. */
    IdentifierQuoting quoting(String connectionId) {
        return quoting.getOrDefault(connectionId, IdentifierQuoting.BACK_TICKS);
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
