package dev.sluice.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * A result set that forwards every call to another and hands each failure, checked or unchecked, to
 * {@link #translated} to throw instead: the mechanism of {@link TranslatingResultSet}, which decides how failures are
 * translated and answers the few methods whose results must not simply pass through.
 *
 * <p>The hot getters (by column index) and {@code next()} are written out with their own {@code try}; the others share
 * {@link #call} and {@link #run}. The class is long only because {@link ResultSet} is.
 */
abstract class DelegatingResultSet implements ResultSet {
    protected final ResultSet delegate;

    DelegatingResultSet(ResultSet delegate) {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    /** A JDBC call on the delegate that returns a value. */
    @FunctionalInterface
    protected interface Call<T> {
        T call() throws SQLException;
    }

    /** A JDBC call on the delegate that returns nothing. */
    @FunctionalInterface
    private interface Action {
        void run() throws SQLException;
    }

    /** {@code failure}, thrown by the delegate, as it leaves this result set. */
    protected abstract SQLException translated(Exception failure);

    protected final <T> T call(Call<T> call) throws SQLException {
        try {
            return call.call();
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    private void run(Action action) throws SQLException {
        try {
            action.run();
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        return call(() -> delegate.absolute(row));
    }

    @Override
    public void afterLast() throws SQLException {
        run(() -> delegate.afterLast());
    }

    @Override
    public void beforeFirst() throws SQLException {
        run(() -> delegate.beforeFirst());
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        run(() -> delegate.cancelRowUpdates());
    }

    @Override
    public void clearWarnings() throws SQLException {
        run(() -> delegate.clearWarnings());
    }

    @Override
    public void close() throws SQLException {
        run(() -> delegate.close());
    }

    @Override
    public void deleteRow() throws SQLException {
        run(() -> delegate.deleteRow());
    }

    @Override
    public int findColumn(String label) throws SQLException {
        return call(() -> delegate.findColumn(label));
    }

    @Override
    public boolean first() throws SQLException {
        return call(() -> delegate.first());
    }

    @Override
    public Array getArray(String label) throws SQLException {
        return call(() -> delegate.getArray(label));
    }

    @Override
    public Array getArray(int column) throws SQLException {
        return call(() -> delegate.getArray(column));
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        return call(() -> delegate.getAsciiStream(label));
    }

    @Override
    public InputStream getAsciiStream(int column) throws SQLException {
        return call(() -> delegate.getAsciiStream(column));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String label, int value) throws SQLException {
        return call(() -> delegate.getBigDecimal(label, value));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return call(() -> delegate.getBigDecimal(label));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int value) throws SQLException {
        return call(() -> delegate.getBigDecimal(column, value));
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        try {
            return delegate.getBigDecimal(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        return call(() -> delegate.getBinaryStream(label));
    }

    @Override
    public InputStream getBinaryStream(int column) throws SQLException {
        return call(() -> delegate.getBinaryStream(column));
    }

    @Override
    public Blob getBlob(String label) throws SQLException {
        return call(() -> delegate.getBlob(label));
    }

    @Override
    public Blob getBlob(int column) throws SQLException {
        return call(() -> delegate.getBlob(column));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return call(() -> delegate.getBoolean(label));
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        try {
            return delegate.getBoolean(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return call(() -> delegate.getByte(label));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        try {
            return delegate.getByte(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return call(() -> delegate.getBytes(label));
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        try {
            return delegate.getBytes(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        return call(() -> delegate.getCharacterStream(label));
    }

    @Override
    public Reader getCharacterStream(int column) throws SQLException {
        return call(() -> delegate.getCharacterStream(column));
    }

    @Override
    public Clob getClob(String label) throws SQLException {
        return call(() -> delegate.getClob(label));
    }

    @Override
    public Clob getClob(int column) throws SQLException {
        return call(() -> delegate.getClob(column));
    }

    @Override
    public int getConcurrency() throws SQLException {
        return call(() -> delegate.getConcurrency());
    }

    @Override
    public String getCursorName() throws SQLException {
        return call(() -> delegate.getCursorName());
    }

    @Override
    public Date getDate(String label, Calendar calendar) throws SQLException {
        return call(() -> delegate.getDate(label, calendar));
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return call(() -> delegate.getDate(label));
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        return call(() -> delegate.getDate(column, calendar));
    }

    @Override
    public Date getDate(int column) throws SQLException {
        try {
            return delegate.getDate(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return call(() -> delegate.getDouble(label));
    }

    @Override
    public double getDouble(int column) throws SQLException {
        try {
            return delegate.getDouble(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        return call(() -> delegate.getFetchDirection());
    }

    @Override
    public int getFetchSize() throws SQLException {
        return call(() -> delegate.getFetchSize());
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return call(() -> delegate.getFloat(label));
    }

    @Override
    public float getFloat(int column) throws SQLException {
        try {
            return delegate.getFloat(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public int getHoldability() throws SQLException {
        return call(() -> delegate.getHoldability());
    }

    @Override
    public int getInt(String label) throws SQLException {
        return call(() -> delegate.getInt(label));
    }

    @Override
    public int getInt(int column) throws SQLException {
        try {
            return delegate.getInt(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public long getLong(String label) throws SQLException {
        return call(() -> delegate.getLong(label));
    }

    @Override
    public long getLong(int column) throws SQLException {
        try {
            return delegate.getLong(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        return call(() -> delegate.getNCharacterStream(label));
    }

    @Override
    public Reader getNCharacterStream(int column) throws SQLException {
        return call(() -> delegate.getNCharacterStream(column));
    }

    @Override
    public NClob getNClob(String label) throws SQLException {
        return call(() -> delegate.getNClob(label));
    }

    @Override
    public NClob getNClob(int column) throws SQLException {
        return call(() -> delegate.getNClob(column));
    }

    @Override
    public String getNString(String label) throws SQLException {
        return call(() -> delegate.getNString(label));
    }

    @Override
    public String getNString(int column) throws SQLException {
        return call(() -> delegate.getNString(column));
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return call(() -> delegate.getObject(label, type));
    }

    @Override
    public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
        return call(() -> delegate.getObject(label, map));
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        return call(() -> delegate.getObject(column, type));
    }

    @Override
    public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
        return call(() -> delegate.getObject(column, map));
    }

    @Override
    public Ref getRef(String label) throws SQLException {
        return call(() -> delegate.getRef(label));
    }

    @Override
    public Ref getRef(int column) throws SQLException {
        return call(() -> delegate.getRef(column));
    }

    @Override
    public int getRow() throws SQLException {
        return call(() -> delegate.getRow());
    }

    @Override
    public RowId getRowId(String label) throws SQLException {
        return call(() -> delegate.getRowId(label));
    }

    @Override
    public RowId getRowId(int column) throws SQLException {
        return call(() -> delegate.getRowId(column));
    }

    @Override
    public SQLXML getSQLXML(String label) throws SQLException {
        return call(() -> delegate.getSQLXML(label));
    }

    @Override
    public SQLXML getSQLXML(int column) throws SQLException {
        return call(() -> delegate.getSQLXML(column));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return call(() -> delegate.getShort(label));
    }

    @Override
    public short getShort(int column) throws SQLException {
        try {
            return delegate.getShort(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public String getString(String label) throws SQLException {
        return call(() -> delegate.getString(label));
    }

    @Override
    public String getString(int column) throws SQLException {
        try {
            return delegate.getString(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public Time getTime(String label, Calendar calendar) throws SQLException {
        return call(() -> delegate.getTime(label, calendar));
    }

    @Override
    public Time getTime(String label) throws SQLException {
        return call(() -> delegate.getTime(label));
    }

    @Override
    public Time getTime(int column, Calendar calendar) throws SQLException {
        return call(() -> delegate.getTime(column, calendar));
    }

    @Override
    public Time getTime(int column) throws SQLException {
        try {
            return delegate.getTime(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return call(() -> delegate.getTimestamp(label, calendar));
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return call(() -> delegate.getTimestamp(label));
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        return call(() -> delegate.getTimestamp(column, calendar));
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        try {
            return delegate.getTimestamp(column);
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public int getType() throws SQLException {
        return call(() -> delegate.getType());
    }

    @Override
    public URL getURL(String label) throws SQLException {
        return call(() -> delegate.getURL(label));
    }

    @Override
    public URL getURL(int column) throws SQLException {
        return call(() -> delegate.getURL(column));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(String label) throws SQLException {
        return call(() -> delegate.getUnicodeStream(label));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int column) throws SQLException {
        return call(() -> delegate.getUnicodeStream(column));
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return call(() -> delegate.getWarnings());
    }

    @Override
    public void insertRow() throws SQLException {
        run(() -> delegate.insertRow());
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        return call(() -> delegate.isAfterLast());
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        return call(() -> delegate.isBeforeFirst());
    }

    @Override
    public boolean isClosed() throws SQLException {
        return call(() -> delegate.isClosed());
    }

    @Override
    public boolean isFirst() throws SQLException {
        return call(() -> delegate.isFirst());
    }

    @Override
    public boolean isLast() throws SQLException {
        return call(() -> delegate.isLast());
    }

    @Override
    public boolean last() throws SQLException {
        return call(() -> delegate.last());
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        run(() -> delegate.moveToCurrentRow());
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        run(() -> delegate.moveToInsertRow());
    }

    @Override
    public boolean next() throws SQLException {
        try {
            return delegate.next();
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }

    @Override
    public boolean previous() throws SQLException {
        return call(() -> delegate.previous());
    }

    @Override
    public void refreshRow() throws SQLException {
        run(() -> delegate.refreshRow());
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        return call(() -> delegate.relative(rows));
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        return call(() -> delegate.rowDeleted());
    }

    @Override
    public boolean rowInserted() throws SQLException {
        return call(() -> delegate.rowInserted());
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        return call(() -> delegate.rowUpdated());
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        run(() -> delegate.setFetchDirection(direction));
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        run(() -> delegate.setFetchSize(rows));
    }

    @Override
    public void updateArray(String label, Array value) throws SQLException {
        run(() -> delegate.updateArray(label, value));
    }

    @Override
    public void updateArray(int column, Array value) throws SQLException {
        run(() -> delegate.updateArray(column, value));
    }

    @Override
    public void updateAsciiStream(String label, InputStream value, int length) throws SQLException {
        run(() -> delegate.updateAsciiStream(label, value, length));
    }

    @Override
    public void updateAsciiStream(String label, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateAsciiStream(label, value, length));
    }

    @Override
    public void updateAsciiStream(String label, InputStream value) throws SQLException {
        run(() -> delegate.updateAsciiStream(label, value));
    }

    @Override
    public void updateAsciiStream(int column, InputStream value, int length) throws SQLException {
        run(() -> delegate.updateAsciiStream(column, value, length));
    }

    @Override
    public void updateAsciiStream(int column, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateAsciiStream(column, value, length));
    }

    @Override
    public void updateAsciiStream(int column, InputStream value) throws SQLException {
        run(() -> delegate.updateAsciiStream(column, value));
    }

    @Override
    public void updateBigDecimal(String label, BigDecimal value) throws SQLException {
        run(() -> delegate.updateBigDecimal(label, value));
    }

    @Override
    public void updateBigDecimal(int column, BigDecimal value) throws SQLException {
        run(() -> delegate.updateBigDecimal(column, value));
    }

    @Override
    public void updateBinaryStream(String label, InputStream value, int length) throws SQLException {
        run(() -> delegate.updateBinaryStream(label, value, length));
    }

    @Override
    public void updateBinaryStream(String label, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateBinaryStream(label, value, length));
    }

    @Override
    public void updateBinaryStream(String label, InputStream value) throws SQLException {
        run(() -> delegate.updateBinaryStream(label, value));
    }

    @Override
    public void updateBinaryStream(int column, InputStream value, int length) throws SQLException {
        run(() -> delegate.updateBinaryStream(column, value, length));
    }

    @Override
    public void updateBinaryStream(int column, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateBinaryStream(column, value, length));
    }

    @Override
    public void updateBinaryStream(int column, InputStream value) throws SQLException {
        run(() -> delegate.updateBinaryStream(column, value));
    }

    @Override
    public void updateBlob(String label, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateBlob(label, value, length));
    }

    @Override
    public void updateBlob(String label, InputStream value) throws SQLException {
        run(() -> delegate.updateBlob(label, value));
    }

    @Override
    public void updateBlob(String label, Blob value) throws SQLException {
        run(() -> delegate.updateBlob(label, value));
    }

    @Override
    public void updateBlob(int column, InputStream value, long length) throws SQLException {
        run(() -> delegate.updateBlob(column, value, length));
    }

    @Override
    public void updateBlob(int column, InputStream value) throws SQLException {
        run(() -> delegate.updateBlob(column, value));
    }

    @Override
    public void updateBlob(int column, Blob value) throws SQLException {
        run(() -> delegate.updateBlob(column, value));
    }

    @Override
    public void updateBoolean(String label, boolean value) throws SQLException {
        run(() -> delegate.updateBoolean(label, value));
    }

    @Override
    public void updateBoolean(int column, boolean value) throws SQLException {
        run(() -> delegate.updateBoolean(column, value));
    }

    @Override
    public void updateByte(String label, byte value) throws SQLException {
        run(() -> delegate.updateByte(label, value));
    }

    @Override
    public void updateByte(int column, byte value) throws SQLException {
        run(() -> delegate.updateByte(column, value));
    }

    @Override
    public void updateBytes(String label, byte[] value) throws SQLException {
        run(() -> delegate.updateBytes(label, value));
    }

    @Override
    public void updateBytes(int column, byte[] value) throws SQLException {
        run(() -> delegate.updateBytes(column, value));
    }

    @Override
    public void updateCharacterStream(String label, Reader value, int length) throws SQLException {
        run(() -> delegate.updateCharacterStream(label, value, length));
    }

    @Override
    public void updateCharacterStream(String label, Reader value, long length) throws SQLException {
        run(() -> delegate.updateCharacterStream(label, value, length));
    }

    @Override
    public void updateCharacterStream(String label, Reader value) throws SQLException {
        run(() -> delegate.updateCharacterStream(label, value));
    }

    @Override
    public void updateCharacterStream(int column, Reader value, int length) throws SQLException {
        run(() -> delegate.updateCharacterStream(column, value, length));
    }

    @Override
    public void updateCharacterStream(int column, Reader value, long length) throws SQLException {
        run(() -> delegate.updateCharacterStream(column, value, length));
    }

    @Override
    public void updateCharacterStream(int column, Reader value) throws SQLException {
        run(() -> delegate.updateCharacterStream(column, value));
    }

    @Override
    public void updateClob(String label, Reader value, long length) throws SQLException {
        run(() -> delegate.updateClob(label, value, length));
    }

    @Override
    public void updateClob(String label, Reader value) throws SQLException {
        run(() -> delegate.updateClob(label, value));
    }

    @Override
    public void updateClob(String label, Clob value) throws SQLException {
        run(() -> delegate.updateClob(label, value));
    }

    @Override
    public void updateClob(int column, Reader value, long length) throws SQLException {
        run(() -> delegate.updateClob(column, value, length));
    }

    @Override
    public void updateClob(int column, Reader value) throws SQLException {
        run(() -> delegate.updateClob(column, value));
    }

    @Override
    public void updateClob(int column, Clob value) throws SQLException {
        run(() -> delegate.updateClob(column, value));
    }

    @Override
    public void updateDate(String label, Date value) throws SQLException {
        run(() -> delegate.updateDate(label, value));
    }

    @Override
    public void updateDate(int column, Date value) throws SQLException {
        run(() -> delegate.updateDate(column, value));
    }

    @Override
    public void updateDouble(String label, double value) throws SQLException {
        run(() -> delegate.updateDouble(label, value));
    }

    @Override
    public void updateDouble(int column, double value) throws SQLException {
        run(() -> delegate.updateDouble(column, value));
    }

    @Override
    public void updateFloat(String label, float value) throws SQLException {
        run(() -> delegate.updateFloat(label, value));
    }

    @Override
    public void updateFloat(int column, float value) throws SQLException {
        run(() -> delegate.updateFloat(column, value));
    }

    @Override
    public void updateInt(String label, int value) throws SQLException {
        run(() -> delegate.updateInt(label, value));
    }

    @Override
    public void updateInt(int column, int value) throws SQLException {
        run(() -> delegate.updateInt(column, value));
    }

    @Override
    public void updateLong(String label, long value) throws SQLException {
        run(() -> delegate.updateLong(label, value));
    }

    @Override
    public void updateLong(int column, long value) throws SQLException {
        run(() -> delegate.updateLong(column, value));
    }

    @Override
    public void updateNCharacterStream(String label, Reader value, long length) throws SQLException {
        run(() -> delegate.updateNCharacterStream(label, value, length));
    }

    @Override
    public void updateNCharacterStream(String label, Reader value) throws SQLException {
        run(() -> delegate.updateNCharacterStream(label, value));
    }

    @Override
    public void updateNCharacterStream(int column, Reader value, long length) throws SQLException {
        run(() -> delegate.updateNCharacterStream(column, value, length));
    }

    @Override
    public void updateNCharacterStream(int column, Reader value) throws SQLException {
        run(() -> delegate.updateNCharacterStream(column, value));
    }

    @Override
    public void updateNClob(String label, Reader value, long length) throws SQLException {
        run(() -> delegate.updateNClob(label, value, length));
    }

    @Override
    public void updateNClob(String label, Reader value) throws SQLException {
        run(() -> delegate.updateNClob(label, value));
    }

    @Override
    public void updateNClob(String label, NClob value) throws SQLException {
        run(() -> delegate.updateNClob(label, value));
    }

    @Override
    public void updateNClob(int column, Reader value, long length) throws SQLException {
        run(() -> delegate.updateNClob(column, value, length));
    }

    @Override
    public void updateNClob(int column, Reader value) throws SQLException {
        run(() -> delegate.updateNClob(column, value));
    }

    @Override
    public void updateNClob(int column, NClob value) throws SQLException {
        run(() -> delegate.updateNClob(column, value));
    }

    @Override
    public void updateNString(String label, String value) throws SQLException {
        run(() -> delegate.updateNString(label, value));
    }

    @Override
    public void updateNString(int column, String value) throws SQLException {
        run(() -> delegate.updateNString(column, value));
    }

    @Override
    public void updateNull(String label) throws SQLException {
        run(() -> delegate.updateNull(label));
    }

    @Override
    public void updateNull(int column) throws SQLException {
        run(() -> delegate.updateNull(column));
    }

    @Override
    public void updateObject(String label, Object value, int scaleOrLength) throws SQLException {
        run(() -> delegate.updateObject(label, value, scaleOrLength));
    }

    @Override
    public void updateObject(String label, Object value, SQLType targetType, int scaleOrLength) throws SQLException {
        run(() -> delegate.updateObject(label, value, targetType, scaleOrLength));
    }

    @Override
    public void updateObject(String label, Object value, SQLType targetType) throws SQLException {
        run(() -> delegate.updateObject(label, value, targetType));
    }

    @Override
    public void updateObject(String label, Object value) throws SQLException {
        run(() -> delegate.updateObject(label, value));
    }

    @Override
    public void updateObject(int column, Object value, int scaleOrLength) throws SQLException {
        run(() -> delegate.updateObject(column, value, scaleOrLength));
    }

    @Override
    public void updateObject(int column, Object value, SQLType targetType, int scaleOrLength) throws SQLException {
        run(() -> delegate.updateObject(column, value, targetType, scaleOrLength));
    }

    @Override
    public void updateObject(int column, Object value, SQLType targetType) throws SQLException {
        run(() -> delegate.updateObject(column, value, targetType));
    }

    @Override
    public void updateObject(int column, Object value) throws SQLException {
        run(() -> delegate.updateObject(column, value));
    }

    @Override
    public void updateRef(String label, Ref value) throws SQLException {
        run(() -> delegate.updateRef(label, value));
    }

    @Override
    public void updateRef(int column, Ref value) throws SQLException {
        run(() -> delegate.updateRef(column, value));
    }

    @Override
    public void updateRow() throws SQLException {
        run(() -> delegate.updateRow());
    }

    @Override
    public void updateRowId(String label, RowId value) throws SQLException {
        run(() -> delegate.updateRowId(label, value));
    }

    @Override
    public void updateRowId(int column, RowId value) throws SQLException {
        run(() -> delegate.updateRowId(column, value));
    }

    @Override
    public void updateSQLXML(String label, SQLXML value) throws SQLException {
        run(() -> delegate.updateSQLXML(label, value));
    }

    @Override
    public void updateSQLXML(int column, SQLXML value) throws SQLException {
        run(() -> delegate.updateSQLXML(column, value));
    }

    @Override
    public void updateShort(String label, short value) throws SQLException {
        run(() -> delegate.updateShort(label, value));
    }

    @Override
    public void updateShort(int column, short value) throws SQLException {
        run(() -> delegate.updateShort(column, value));
    }

    @Override
    public void updateString(String label, String value) throws SQLException {
        run(() -> delegate.updateString(label, value));
    }

    @Override
    public void updateString(int column, String value) throws SQLException {
        run(() -> delegate.updateString(column, value));
    }

    @Override
    public void updateTime(String label, Time value) throws SQLException {
        run(() -> delegate.updateTime(label, value));
    }

    @Override
    public void updateTime(int column, Time value) throws SQLException {
        run(() -> delegate.updateTime(column, value));
    }

    @Override
    public void updateTimestamp(String label, Timestamp value) throws SQLException {
        run(() -> delegate.updateTimestamp(label, value));
    }

    @Override
    public void updateTimestamp(int column, Timestamp value) throws SQLException {
        run(() -> delegate.updateTimestamp(column, value));
    }

    @Override
    public boolean wasNull() throws SQLException {
        try {
            return delegate.wasNull();
        } catch (SQLException | RuntimeException e) {
            throw translated(e);
        }
    }
}
