package dev.sluice.jdbc.shell;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.ResultSetMetaData;

import static java.util.Objects.requireNonNull;

/**
 * A result's columns as a view shows them: without the first {@code skipped} (the table view's final table has no
 * {@code op}), and with a display size of at most {@code maxDisplaySize}. sqlline sizes the columns of a result it
 * prints as rows arrive by their display size, and takes a string's, which has no bound, for none: without the cap its
 * values would stand out of a column as wide as its label.
 */
final class ShownColumns implements InvocationHandler {
    private final ResultSetMetaData columns;
    private final int skipped;
    private final int maxDisplaySize;

    private ShownColumns(ResultSetMetaData columns, int skipped, int maxDisplaySize) {
        this.columns = requireNonNull(columns, "columns is null");
        this.skipped = skipped;
        this.maxDisplaySize = maxDisplaySize;
    }

    /** {@code columns} less the first {@code skipped}. */
    static ResultSetMetaData skipping(ResultSetMetaData columns, int skipped) {
        return skipped == 0 ? columns : of(columns, skipped, Integer.MAX_VALUE);
    }

    /** {@code columns}, none with a display size over {@code maxDisplaySize}. */
    static ResultSetMetaData capped(ResultSetMetaData columns, int maxDisplaySize) {
        return of(columns, 0, maxDisplaySize);
    }

    private static ResultSetMetaData of(ResultSetMetaData columns, int skipped, int maxDisplaySize) {
        return (ResultSetMetaData) Proxy.newProxyInstance(
                ShownColumns.class.getClassLoader(),
                new Class<?>[] {ResultSetMetaData.class},
                new ShownColumns(columns, skipped, maxDisplaySize));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        try {
            // every method of ResultSetMetaData but the count takes the column's number first
            if (method.getName().equals("getColumnCount")) {
                return columns.getColumnCount() - skipped;
            }
            if (args != null && args.length == 1 && args[0] instanceof Integer column) {
                Object answer = method.invoke(columns, column + skipped);
                return method.getName().equals("getColumnDisplaySize")
                        ? Math.min((Integer) answer, maxDisplaySize)
                        : answer;
            }
            return method.invoke(columns, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
