package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's result set as the caller holds it: every method delegates, and a failure leaves as the right
 * {@link SQLException} subclass, translated by the {@link TranslatingProxy} of the statement (or metadata) that returned
 * it, exactly as that proxy translates its own; no unchecked exception leaves a JDBC method. {@code getStatement()}
 * returns the statement proxy the caller holds, and {@code unwrap} reaches Avatica's result set.
 *
 * <p>Why not the proxy: a large result calls {@code next()} and a getter per value, and a reflective call for each was
 * a quarter of the driver's CPU. The delegation itself is {@link DelegatingResultSet}.
 */
final class TranslatingResultSet extends DelegatingResultSet {
    /** The proxy of the object that returned this result set: its statement, or a {@code DatabaseMetaData}. */
    private final TranslatingProxy owner;

    // what the gateway sent as text: instants (InstantValues), timestamps beyond milliseconds (PreciseTimestamps)
    private static final byte INSTANT = 1;
    private static final byte PRECISE = 2;
    // an ARRAY, MAP or ROW, which the gateway sent as a list (StructuredValues)
    private static final byte STRUCTURED = 3;

    /** Per column number, which columns the gateway sent as text, and of what; read at the first call that asks. */
    private byte @Nullable [] textColumns;
    /** Per column number, the type of an ARRAY, MAP or ROW column; read with {@link #textColumns}. */
    private @Nullable StructuredType @Nullable [] structuredTypes;

    TranslatingResultSet(ResultSet delegate, TranslatingProxy owner) {
        super(delegate);
        this.owner = requireNonNull(owner, "owner is null");
    }

    /**
     * Closes the result set; one closed before its end is first cancelled on the gateway, which stops its job (an
     * endless streaming query's too) and frees its place on the cluster at once, rather than when the statement closes
     * or the result's idle timeout passes. A cancel that fails does not fail the close.
     */
    @Override
    public void close() throws SQLException {
        if (delegate instanceof SluiceResultSet sluice && sluice.mayHoldMore()) {
            owner.resultClosedBeforeItsEnd();
        }
        super.close();
    }

    @Override
    protected SQLException translated(Exception failure) {
        return owner.translatedFailureOfReturned(failure);
    }

    /** The proxy the caller holds for the statement, or null for a result set without one (as Avatica's). */
    @Override
    public @Nullable Statement getStatement() throws SQLException {
        Statement statement = call(delegate::getStatement);
        return statement == null ? null : (Statement) owner.translating(statement);
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        return (ResultSetMetaData) owner.translating(call(delegate::getMetaData));
    }

    /**
     * The value; for a REAL (Flink FLOAT) column a {@link Float}, as JDBC maps it: the gateway sends FLOAT values as
     * doubles, which every Avatica client reads, and Avatica's accessor then returns the double. An {@code ARRAY} is a
     * {@link java.sql.Array}, a {@code ROW} a {@link java.sql.Struct}, a {@code MAP} a {@link java.util.Map}.
     */
    @Override
    public @Nullable Object getObject(int column) throws SQLException {
        try {
            if (isStructured(column)) {
                return structured(column);
            }
            if (isInstant(column)) {
                return InstantValues.timestamp(delegate.getString(column));
            }
            if (isPrecise(column)) {
                return PreciseTimestamps.timestamp(delegate.getString(column), null);
            }
            Object value = delegate.getObject(column);
            return value instanceof Double number ? realAsFloat(column, number) : value;
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** {@link #getObject(int)} of the column labelled {@code label}. */
    @Override
    public @Nullable Object getObject(String label) throws SQLException {
        try {
            int column = delegate.findColumn(label);
            if (isInstant(column) || isPrecise(column) || isStructured(column)) {
                return getObject(column);
            }
            Object value = delegate.getObject(label);
            return value instanceof Double number ? realAsFloat(delegate.findColumn(label), number) : value;
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /**
     * The value as {@code type}; {@code LocalDate}, {@code LocalDateTime} and {@code LocalTime} too (JDBC 4.2), and for a
     * {@code TIMESTAMP_WITH_TIMEZONE} column {@code OffsetDateTime}, {@code Instant}, {@code Timestamp} and
     * {@code LocalDateTime} (the wall-clock time in the session's zone).
     */
    @Override
    public <T> @Nullable T getObject(int column, Class<T> type) throws SQLException {
        if (isStructured(column)) {
            Object value = type == String.class ? getString(column) : getObject(column);
            if (value == null || type.isInstance(value)) {
                return type.cast(value);
            }
            throw translated(new SQLDataException(
                    "Cannot read column " + column + " as " + type.getName() + ", it holds "
                            + value.getClass().getName(),
                    "22000"));
        }
        if (InstantValues.reads(type) && isInstant(column)) {
            try {
                return InstantValues.read(delegate.getString(column), type);
            } catch (SQLException | RuntimeException e) {
                throw translated(e);
            }
        }
        if (PreciseTimestamps.reads(type) && isPrecise(column)) {
            try {
                return PreciseTimestamps.read(delegate.getString(column), type);
            } catch (SQLException | RuntimeException e) {
                throw translated(e);
            }
        }
        if (!JavaTimeValues.reads(type)) {
            return super.getObject(column, type);
        }
        try {
            return JavaTimeValues.read(
                    new JavaTimeValues.Getter() {
                        @Override
                        public java.sql.@Nullable Date date() throws SQLException {
                            return delegate.getDate(column);
                        }

                        @Override
                        public java.sql.@Nullable Timestamp timestamp() throws SQLException {
                            return delegate.getTimestamp(column);
                        }

                        @Override
                        public java.sql.@Nullable Time time() throws SQLException {
                            return delegate.getTime(column);
                        }
                    },
                    type);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** {@link #getObject(int, Class)} of the column labelled {@code label}. */
    @Override
    public <T> @Nullable T getObject(String label, Class<T> type) throws SQLException {
        int column = findColumnTranslated(label);
        if (!JavaTimeValues.reads(type)
                && !InstantValues.reads(type)
                && !PreciseTimestamps.reads(type)
                && !isStructured(column)) {
            return super.getObject(label, type);
        }
        return getObject(column, type);
    }

    /**
     * The value; for a {@code TIMESTAMP_WITH_TIMEZONE} column the wall-clock time in the session's zone, as Flink's SQL
     * client shows it (the gateway sends it with the offset, which {@code getObject(column, OffsetDateTime.class)}
     * gives).
     */
    @Override
    public @Nullable String getString(int column) throws SQLException {
        try {
            if (isStructured(column)) {
                return StructuredValues.text(structured(column));
            }
            String value = delegate.getString(column);
            return isInstant(column) ? InstantValues.wallClockText(value) : value;
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** The value of an {@code ARRAY} column, with its elements as {@link #getObject(int)} gives values. */
    @Override
    public java.sql.@Nullable Array getArray(int column) throws SQLException {
        if (!isStructured(column)) {
            return super.getArray(column);
        }
        Object value = getObject(column);
        if (value == null || value instanceof java.sql.Array) {
            return (java.sql.Array) value;
        }
        throw translated(new SQLDataException("Column " + column + " is not an ARRAY", "22000"));
    }

    /** {@link #getArray(int)} of the column labelled {@code label}. */
    @Override
    public java.sql.@Nullable Array getArray(String label) throws SQLException {
        return getArray(findColumnTranslated(label));
    }

    /** {@link #getString(int)} of the column labelled {@code label}. */
    @Override
    public @Nullable String getString(String label) throws SQLException {
        return getString(findColumnTranslated(label));
    }

    /** The value; for a {@code TIMESTAMP_WITH_TIMEZONE} column the instant, whatever the client's time zone. */
    @Override
    public java.sql.@Nullable Timestamp getTimestamp(int column) throws SQLException {
        try {
            if (isPrecise(column)) {
                return PreciseTimestamps.timestamp(delegate.getString(column), null);
            }
            return isInstant(column)
                    ? InstantValues.timestamp(delegate.getString(column))
                    : delegate.getTimestamp(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** {@link #getTimestamp(int)}; the calendar does not apply to an instant, which carries its own offset. */
    @Override
    public java.sql.@Nullable Timestamp getTimestamp(int column, java.util.Calendar calendar) throws SQLException {
        try {
            if (isPrecise(column)) {
                return PreciseTimestamps.timestamp(delegate.getString(column), calendar);
            }
            return isInstant(column)
                    ? InstantValues.timestamp(delegate.getString(column))
                    : delegate.getTimestamp(column, calendar);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** {@link #getTimestamp(int)} of the column labelled {@code label}. */
    @Override
    public java.sql.@Nullable Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumnTranslated(label));
    }

    /** {@link #getTimestamp(int, java.util.Calendar)} of the column labelled {@code label}. */
    @Override
    public java.sql.@Nullable Timestamp getTimestamp(String label, java.util.Calendar calendar) throws SQLException {
        return getTimestamp(findColumnTranslated(label), calendar);
    }

    private int findColumnTranslated(String label) throws SQLException {
        try {
            return delegate.findColumn(label);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    private boolean isInstant(int column) throws SQLException {
        return textKind(column) == INSTANT;
    }

    private boolean isPrecise(int column) throws SQLException {
        return textKind(column) == PRECISE;
    }

    private boolean isStructured(int column) throws SQLException {
        return textKind(column) == STRUCTURED;
    }

    /** The Java value of a structured column, made from the list the gateway sent. */
    private @Nullable Object structured(int column) throws SQLException {
        return StructuredValues.read(delegate.getObject(column), requireNonNull(structuredTypes)[column]);
    }

    private byte textKind(int column) throws SQLException {
        byte[] kinds = textColumns;
        if (kinds == null) {
            ResultSetMetaData metaData = delegate.getMetaData();
            kinds = new byte[metaData.getColumnCount() + 1];
            StructuredType[] types = new StructuredType[kinds.length];
            for (int i = 1; i < kinds.length; i++) {
                int type = metaData.getColumnType(i);
                types[i] = type == Types.ARRAY || type == Types.STRUCT || type == Types.JAVA_OBJECT
                        ? structuredType(type, metaData.getColumnTypeName(i))
                        : null;
                if (types[i] != null) {
                    kinds[i] = STRUCTURED;
                } else if (InstantValues.holds(type)) {
                    kinds[i] = INSTANT;
                } else if (type == Types.TIMESTAMP && PreciseTimestamps.isTypeName(metaData.getColumnTypeName(i))) {
                    kinds[i] = PRECISE;
                }
            }
            structuredTypes = types;
            textColumns = kinds;
        }
        return column > 0 && column < kinds.length ? kinds[column] : 0;
    }

    /** The type of a column reported as an ARRAY, STRUCT, or a JAVA_OBJECT named MAP; null for any other. */
    private static @Nullable StructuredType structuredType(int jdbcType, @Nullable String typeName) {
        boolean structured = jdbcType == Types.ARRAY
                || jdbcType == Types.STRUCT
                || jdbcType == Types.JAVA_OBJECT && StructuredType.isRowOrMap(typeName);
        if (!structured || typeName == null) {
            return null;
        }
        try {
            return StructuredType.parse(typeName);
        } catch (IllegalArgumentException e) {
            return null; // not a name of Sluice's gateway: Avatica reads the column
        }
    }

    private Object realAsFloat(int column, Double number) throws SQLException {
        return delegate.getMetaData().getColumnType(column) == Types.REAL ? (Object) number.floatValue() : number;
    }

    /** This result set for an interface it implements, else what Avatica's result set unwraps to. */
    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type != null && type.isInstance(this)) {
            return type.cast(this);
        }
        return call(() -> delegate.unwrap(type));
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type != null && type.isInstance(this) || call(() -> delegate.isWrapperFor(type));
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
