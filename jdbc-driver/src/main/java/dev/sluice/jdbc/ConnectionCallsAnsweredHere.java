package dev.sluice.jdbc;

import dev.sluice.jdbc.errors.SqlExceptions;
import dev.sluice.jdbc.errors.SqlStates;
import org.jspecify.annotations.Nullable;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * The calls of a connection that the driver answers from what the connection's session link knows, rather than
 * Avatica's connection: whether it is closed or valid, its close, and its network timeout.
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
            default -> {
                return TranslatingProxy.NOT_ANSWERED_HERE;
            }
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
