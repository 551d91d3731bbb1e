package dev.sluice.jdbc.errors;

/**
 * The SQLStates that the driver itself raises: the one place on the client side where they are written. The gateway
 * sends its own with each error (its {@code SluiceErrorCode}); {@link SqlExceptions} maps both kinds to JDBC's
 * subclasses.
 */
public final class SqlStates {
    /** The client cannot establish the connection: a malformed URL or property, an unreachable gateway, TLS. */
    public static final String CANNOT_CONNECT = "08001";
    /** The connection does not exist (any more): its session is gone from the gateway. */
    public static final String NO_CONNECTION = "08003";
    /** The gateway rejected the connection. */
    public static final String REJECTED = "08004";
    /** The connection failed while in use. */
    public static final String CONNECTION_FAILURE = "08006";
    /** An operation that Sluice does not support. */
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    /** An argument that the driver cannot use. */
    public static final String INVALID_PARAMETER_VALUE = "22023";
    /** A request above the gateway's size limit. */
    public static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    /** The statement was canceled ({@code Statement.cancel()}). */
    public static final String CANCELED = "HY008";
    /** A result set read after it was closed, or a result the gateway no longer holds. */
    public static final String INVALID_CURSOR_STATE = "24000";
    /** The general error, when nothing more specific is known. */
    public static final String GENERAL_ERROR = "HY000";
    /** Avatica's SQLState when the server gave none; it says success, so the driver never passes it on. */
    public static final String SUCCESS = "00000";

    private SqlStates() {}
}
