package dev.sluice.jdbc;

import org.jspecify.annotations.Nullable;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
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

    TranslatingResultSet(ResultSet delegate, TranslatingProxy owner) {
        super(delegate);
        this.owner = requireNonNull(owner, "owner is null");
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
     * doubles, which every Avatica client reads, and Avatica's accessor then returns the double.
     */
    @Override
    public @Nullable Object getObject(int column) throws SQLException {
        try {
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
            Object value = delegate.getObject(label);
            return value instanceof Double number ? realAsFloat(delegate.findColumn(label), number) : value;
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    /** The value as {@code type}; {@code LocalDate}, {@code LocalDateTime} and {@code LocalTime} too (JDBC 4.2). */
    @Override
    public <T> @Nullable T getObject(int column, Class<T> type) throws SQLException {
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
        if (!JavaTimeValues.reads(type)) {
            return super.getObject(label, type);
        }
        int column;
        try {
            column = delegate.findColumn(label);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
        return getObject(column, type);
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
