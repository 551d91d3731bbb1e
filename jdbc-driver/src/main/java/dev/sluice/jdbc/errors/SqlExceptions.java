package dev.sluice.jdbc.errors;

import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.jspecify.annotations.Nullable;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;

/**
 * Turns an SQLState into the standard JDBC subclass of {@link SQLException}, so that applications and pools can act on
 * the kind of failure ({@code catch (SQLTransientException e)} to retry) without parsing states.
 *
 * <table>
 *   <caption>SQLState to subclass</caption>
 *   <tr><th>SQLState</th><th>subclass</th></tr>
 *   <tr><td>08006 (connection failed in use; the cluster unreachable)</td>
 *       <td>{@link SQLTransientConnectionException}</td></tr>
 *   <tr><td>other 08 (cannot connect, no such connection, rejected)</td>
 *       <td>{@link SQLNonTransientConnectionException}</td></tr>
 *   <tr><td>0A</td><td>{@link SQLFeatureNotSupportedException}</td></tr>
 *   <tr><td>22</td><td>{@link SQLDataException}</td></tr>
 *   <tr><td>23</td><td>{@link SQLIntegrityConstraintViolationException}</td></tr>
 *   <tr><td>28</td><td>{@link SQLInvalidAuthorizationSpecException}</td></tr>
 *   <tr><td>40</td><td>{@link SQLTransactionRollbackException}</td></tr>
 *   <tr><td>42</td><td>{@link SQLSyntaxErrorException}</td></tr>
 *   <tr><td>53 (insufficient resources)</td><td>{@link SQLTransientException}</td></tr>
 *   <tr><td>HYT00, HYT01</td><td>{@link SQLTimeoutException}</td></tr>
 *   <tr><td>any other</td><td>{@link SQLException}</td></tr>
 * </table>
 */
public final class SqlExceptions {
    private SqlExceptions() {}

    /** A new exception of the subclass for {@code sqlState}, with the message, SQLState, vendor code and cause. */
    public static SQLException of(String message, String sqlState, int vendorCode, @Nullable Throwable cause) {
        String stateClass = sqlState.length() < 2 ? "" : sqlState.substring(0, 2);
        return switch (stateClass) {
            case "08" ->
                SqlStates.CONNECTION_FAILURE.equals(sqlState)
                        ? new SQLTransientConnectionException(message, sqlState, vendorCode, cause)
                        : new SQLNonTransientConnectionException(message, sqlState, vendorCode, cause);
            case "0A" -> new SQLFeatureNotSupportedException(message, sqlState, vendorCode, cause);
            case "22" -> new SQLDataException(message, sqlState, vendorCode, cause);
            case "23" -> new SQLIntegrityConstraintViolationException(message, sqlState, vendorCode, cause);
            case "28" -> new SQLInvalidAuthorizationSpecException(message, sqlState, vendorCode, cause);
            case "40" -> new SQLTransactionRollbackException(message, sqlState, vendorCode, cause);
            case "42" -> new SQLSyntaxErrorException(message, sqlState, vendorCode, cause);
            case "53" -> new SQLTransientException(message, sqlState, vendorCode, cause);
            default ->
                sqlState.startsWith("HYT")
                        ? new SQLTimeoutException(message, sqlState, vendorCode, cause)
                        : new SQLException(message, sqlState, vendorCode, cause);
        };
    }

    /**
     * {@code failure} as the subclass its SQLState calls for. Avatica builds every error as a plain {@link SQLException}
     * or {@link AvaticaSqlException} (in {@code Helper.createException}, which a driver cannot replace), so those are
     * rebuilt with the original as their cause and the gateway's stack traces as suppressed exceptions; an exception that already is a
     * subclass, has no SQLState, or whose SQLState has no subclass is returned as it is.
     */
    public static SQLException withSubclass(SQLException failure) {
        String sqlState = failure.getSQLState();
        boolean generic = failure.getClass() == SQLException.class || failure.getClass() == AvaticaSqlException.class;
        if (!generic || sqlState == null || sqlState.equals(SqlStates.SUCCESS)) {
            return failure;
        }
        String message = String.valueOf(failure.getMessage());
        String gatewayMessage = failure instanceof AvaticaSqlException avatica ? gatewayMessage(avatica) : null;
        if (gatewayMessage != null && !message.contains(gatewayMessage)) {
            message = message + ": " + gatewayMessage;
        }
        SQLException specific = of(message, sqlState, failure.getErrorCode(), failure);
        if (specific.getClass() == SQLException.class && message.equals(failure.getMessage())) {
            return failure;
        }
        if (failure.getNextException() != null) {
            specific.setNextException(failure.getNextException());
        }
        if (failure instanceof AvaticaSqlException avatica) {
            // Avatica's exception prints these itself (its message lacks the gateway's); a cause's are not printed
            avatica.getStackTraces().forEach(trace -> specific.addSuppressed(new GatewayStackTrace(trace)));
        }
        return specific;
    }

    /**
     * The gateway's own message of an error that Avatica's client gave a message of its own ({@code "while preparing
     * SQL: ..."}, where a BI tool shows nothing of why): the gateway's error travels only as its server trace there,
     * which starts with Avatica's {@code AvaticaRuntimeException.toString()}.
     */
    private static @Nullable String gatewayMessage(AvaticaSqlException failure) {
        String start = "AvaticaRuntimeException: [Messsage: '"; // sic: Avatica's spelling
        String end = "', Error code: '";
        for (String trace : failure.getStackTraces()) {
            int from = trace.indexOf(start);
            int to = from < 0 ? -1 : trace.indexOf(end, from + start.length());
            if (to >= 0) {
                return trace.substring(from + start.length(), to);
            }
        }
        return null;
    }

    /**
     * An unchecked exception that escaped Avatica's client as an {@link SQLException}: Avatica lets the gateway's
     * errors through unchecked from some calls ({@code createStatement} on a connection whose session is gone), and
     * its transport fails with {@link RuntimeException}s. Such a failure is the connection's: SQLState 08006 unless the
     * gateway sent a state of its own.
     */
    public static SQLException fromUnchecked(RuntimeException failure) {
        if (failure instanceof AvaticaClientRuntimeException avatica) {
            String sqlState = avatica.getSqlState();
            if (sqlState != null && !sqlState.equals(SqlStates.SUCCESS)) {
                return of(String.valueOf(avatica.getMessage()), sqlState, avatica.getErrorCode(), avatica);
            }
            return of(
                    String.valueOf(avatica.getMessage()),
                    SqlStates.CONNECTION_FAILURE,
                    avatica.getErrorCode(),
                    avatica);
        }
        if (failure instanceof UnsupportedOperationException) {
            return new SQLFeatureNotSupportedException(failure.getMessage(), SqlStates.FEATURE_NOT_SUPPORTED, failure);
        }
        return of("Call to the Sluice gateway failed: " + failure, SqlStates.CONNECTION_FAILURE, 0, failure);
    }
}
