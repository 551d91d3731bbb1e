package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * The calls of a connection that the driver answers from what the connection's session link knows, rather than
 * Avatica's connection: whether it is closed or valid, its close, its network timeout, its client info, and the
 * calls Avatica leaves unsupported although Flink SQL has a plain answer ({@code nativeSQL}, the type map).
 */
final class ConnectionCallsAnsweredHere {
    private ConnectionCallsAnsweredHere() {}

    /**
     * The answer to {@code method} on {@code connection}, or {@link TranslatingProxy#NOT_ANSWERED_HERE} for a call that
     * goes on to Avatica's connection.
     *
     * @param translate turns a failure of Avatica's connection into the one the caller sees
     */
    static @Nullable Object answer(
            Connection connection,
            Method method,
            @Nullable Object[] args,
            SessionLink session,
            UnaryOperator<Throwable> translate)
            throws Throwable {
        switch (method.getName()) {
            case "isClosed" -> {
                return session.isGone() || connection.isClosed();
            }
            case "isValid" -> {
                return !connection.isClosed() && session.isValid((Integer) requireNonNull(args)[0]);
            }
            case "close" -> {
                return close(connection, session, translate);
            }
            case "setNetworkTimeout" -> {
                requireOpen(connection, session);
                if (requireNonNull(args)[0] == null) {
                    throw SqlExceptions.of(
                            "setNetworkTimeout needs an executor, was null",
                            SqlStates.INVALID_PARAMETER_VALUE,
                            0,
                            null);
                }
                session.setNetworkTimeout((Integer) args[1]);
                return null;
            }
            case "getNetworkTimeout" -> {
                requireOpen(connection, session);
                return session.networkTimeout();
            }
            case "setCatalog", "setSchema" -> {
                moveSession(connection, method, requireNonNull(args), translate);
                return null;
            }
            case "nativeSQL" -> {
                // the driver has no escape syntax of its own to translate: the gateway gets the text as it is
                requireOpen(connection, session);
                return requireNonNull(args)[0];
            }
            case "getTypeMap" -> {
                // Flink has no user-defined SQL types to map
                requireOpen(connection, session);
                return new HashMap<String, Class<?>>();
            }
            case "setTypeMap" -> {
                requireOpen(connection, session);
                Map<?, ?> map = (Map<?, ?>) requireNonNull(args)[0];
                if (map != null && !map.isEmpty()) {
                    throw new SQLFeatureNotSupportedException(
                            "Flink SQL has no user-defined types to map; setTypeMap takes only an empty map",
                            SqlStates.FEATURE_NOT_SUPPORTED);
                }
                return null;
            }
            case "setClientInfo" -> {
                if (requireNonNull(args).length == 1) {
                    session.clientInfo().setAll((Properties) args[0]);
                } else {
                    session.clientInfo().set((String) args[0], (String) args[1]);
                }
                return null;
            }
            case "getClientInfo" -> {
                requireOpen(connection, session);
                return args == null || args.length == 0
                        ? session.clientInfo().all()
                        : session.clientInfo().get((String) args[0]);
            }
            default -> {
                return TranslatingProxy.NOT_ANSWERED_HERE;
            }
        }
    }

    /**
     * Moves the session to another catalog or database at once. Avatica's client only marks the value to be sent with
     * the next call, so a name that does not exist would fail that later call, and every call after it; here the
     * gateway is asked now (its {@code USE} fails for a missing name), and on failure the connection keeps the old
     * value.
     */
    private static void moveSession(
            Connection connection, Method method, Object[] args, UnaryOperator<Throwable> translate) throws Throwable {
        boolean catalog = method.getName().equals("setCatalog");
        String before = catalog ? connection.getCatalog() : connection.getSchema();
        invoke(connection, method, args, translate);
        try {
            // any call that reads a connection property sends the marked value to the gateway
            connection.getCatalog();
        } catch (SQLException | RuntimeException e) {
            if (catalog) {
                connection.setCatalog(before);
            } else {
                connection.setSchema(before);
            }
            connection.getCatalog();
            throw translate.apply(e);
        }
    }

    private static void invoke(Connection connection, Method method, Object[] args, UnaryOperator<Throwable> translate)
            throws Throwable {
        try {
            method.invoke(connection, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw translate.apply(e.getCause());
        }
    }

    /** Fails with 08003 if the connection is closed (JDBC's rule for the network timeout's methods). */
    private static void requireOpen(Connection connection, SessionLink session) throws SQLException {
        if (session.isGone()) {
            throw session.goneFailure();
        }
        if (connection.isClosed()) {
            throw SqlExceptions.of("The connection is closed", SqlStates.NO_CONNECTION, 0, null);
        }
    }

    /**
     * Closes the connection; a connection whose session is gone closes here without failing, though Avatica's close
     * request then finds nothing (or nobody) at the gateway.
     */
    private static @Nullable Object close(
            Connection connection, SessionLink session, UnaryOperator<Throwable> translate) throws Throwable {
        try {
            connection.close();
        } catch (SQLException | RuntimeException e) {
            if (!session.isGone()) {
                throw translate.apply(e);
            }
        }
        return null;
    }
}
