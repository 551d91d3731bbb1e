package dev.sluice.jdbc;

import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.util.ArrayFactoryImpl;
import org.jspecify.annotations.Nullable;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Types;
import java.util.Arrays;
import java.util.Map;
import java.util.TimeZone;

import static java.util.Objects.requireNonNull;

/**
 * A Flink {@code ARRAY} value: its elements as Java values of the element type ({@link StructuredValues}), nulls and
 * nested arrays, rows and maps included. Avatica's own array gives the elements of an array of rows as wire values and
 * fails on a null inner array, so this driver gives its own.
 */
final class SluiceArray implements Array {
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private final StructuredType elementType;
    private final @Nullable Object[] elements;

    SluiceArray(StructuredType elementType, @Nullable Object[] elements) {
        this.elementType = requireNonNull(elementType, "elementType is null");
        this.elements = elements.clone();
    }

    /** Flink's type of the elements: {@code INT}, {@code ROW<`a` INT>}. */
    @Override
    public String getBaseTypeName() {
        return elementType.name();
    }

    @Override
    public int getBaseType() {
        return elementType.jdbcType();
    }

    @Override
    public Object getArray() {
        return elements.clone();
    }

    @Override
    public Object getArray(@Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getArray();
    }

    /** The {@code count} elements from the one at {@code index} (the first is 1). */
    @Override
    public Object getArray(long index, int count) throws SQLException {
        if (index < 1 || count < 0 || index - 1 + count > elements.length) {
            throw new SQLDataException(
                    "Elements " + index + " to " + (index + count - 1) + " are not in an array of " + elements.length,
                    "2202E");
        }
        return Arrays.copyOfRange(elements, (int) index - 1, (int) index - 1 + count);
    }

    @Override
    public Object getArray(long index, int count, @Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getArray(index, count);
    }

    /** A result set of a row per element: {@code INDEX} (from 1) and {@code VALUE}, as JDBC describes it. */
    @Override
    public ResultSet getResultSet() throws SQLException {
        return resultSet(elements);
    }

    @Override
    public ResultSet getResultSet(@Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        return resultSet((Object[]) getArray(index, count));
    }

    @Override
    public ResultSet getResultSet(long index, int count, @Nullable Map<String, Class<?>> map) throws SQLException {
        requireNoTypeMap(map);
        return getResultSet(index, count);
    }

    @Override
    public void free() {}

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof SluiceArray array
                && elementType.equals(array.elementType)
                && Arrays.deepEquals(elements, array.elements);
    }

    @Override
    public int hashCode() {
        return 31 * elementType.hashCode() + Arrays.deepHashCode(elements);
    }

    /** Flink's text of the array: {@code [1, NULL, 3]}. */
    @Override
    public String toString() {
        try {
            return StructuredValues.text(this);
        } catch (SQLException e) {
            throw new IllegalStateException(e); // never: the values inside are this driver's own
        }
    }

    private ResultSet resultSet(@Nullable Object[] values) throws SQLException {
        // Avatica's result set over values it holds; in UTC, so that its accessors leave dates and times as they are
        return new ArrayFactoryImpl(UTC).create(valueType(), Arrays.asList(values));
    }

    /** The type of the VALUE column: the element's, represented by the Java class this driver gives it. */
    private ColumnMetaData.AvaticaType valueType() {
        if (elementType instanceof StructuredType.Leaf leaf) {
            ColumnMetaData.Rep rep = leaf.rep();
            return ColumnMetaData.scalar(rep.typeId, leaf.name(), rep);
        }
        return ColumnMetaData.scalar(Types.JAVA_OBJECT, elementType.name(), ColumnMetaData.Rep.OBJECT);
    }

    private static void requireNoTypeMap(@Nullable Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw new SQLFeatureNotSupportedException("A type map is not supported for an ARRAY's elements");
        }
    }
}
