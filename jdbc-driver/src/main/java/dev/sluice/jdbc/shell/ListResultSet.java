package dev.sluice.jdbc.shell;

import org.jspecify.annotations.Nullable;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The table view's final table as a forward-only {@link ResultSet}, which sqlline prints as it prints any result. It
 * answers what sqlline reads ({@code next}, {@code getObject}, {@code getString}, the metadata); anything else is not
 * supported.
 */
final class ListResultSet implements InvocationHandler {
    private final ResultSetMetaData columns;
    private final List<TableRow> rows;
    private int position = -1;
    private boolean wasNull;
    private boolean closed;

    private ListResultSet(ResultSetMetaData columns, List<TableRow> rows) {
        this.columns = requireNonNull(columns, "columns is null");
        this.rows = List.copyOf(rows);
    }

    static ResultSet of(ResultSetMetaData columns, List<TableRow> rows) {
        return (ResultSet) Proxy.newProxyInstance(
                ListResultSet.class.getClassLoader(),
                new Class<?>[] {ResultSet.class},
                new ListResultSet(columns, rows));
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] args) throws SQLException {
        String name = method.getName();
        switch (name) {
            case "next":
                position = Math.min(position + 1, rows.size());
                return position < rows.size();
            case "getObject":
            case "getString":
                return cell(name.equals("getString"), requireNonNull(args, "args is null")[0]);
            case "findColumn":
                return findColumn((String) requireNonNull(args, "args is null")[0]);
            case "wasNull":
                return wasNull;
            case "getMetaData":
                return columns;
            case "close":
                closed = true;
                return null;
            case "isClosed":
                return closed;
            case "rowDeleted":
            case "rowUpdated":
            case "rowInserted":
                return false;
            case "getWarnings":
            case "getStatement":
                return null;
            case "clearWarnings":
                return null;
            case "getType":
                return ResultSet.TYPE_FORWARD_ONLY;
            case "getConcurrency":
                return ResultSet.CONCUR_READ_ONLY;
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return args != null && proxy == args[0];
            case "toString":
                return "ListResultSet[" + rows.size() + " rows]";
            default:
                throw new SQLFeatureNotSupportedException("The shell's table view does not support ResultSet." + name);
        }
    }

    private @Nullable Object cell(boolean text, Object column) throws SQLException {
        if (closed) {
            throw new SQLException("The result set is closed", "24000");
        }
        if (position < 0 || position >= rows.size()) {
            throw new SQLException("No current row: call next() first", "24000");
        }
        int index = column instanceof Integer number ? number : findColumn((String) column);
        TableRow row = rows.get(position);
        if (index < 1 || index > row.values().size()) {
            throw new SQLException(
                    "Column index must be between 1 and " + row.values().size() + ", was " + index, "22023");
        }
        Object value = text ? row.texts().get(index - 1) : row.values().get(index - 1);
        wasNull = value == null;
        return value;
    }

    private int findColumn(String label) throws SQLException {
        for (int column = 1; column <= columns.getColumnCount(); column++) {
            if (columns.getColumnLabel(column).equalsIgnoreCase(label)) {
                return column;
            }
        }
        throw new SQLException("No column labelled '" + label + "'", "42S22");
    }
}
